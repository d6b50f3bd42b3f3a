#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

// The C side of the curses backend: what Swift 6 cannot import from ncurses by itself.
//
// SwiftPM drops pkg-config's "-D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600" ("prohibited flag(s)"), and
// without them curses.h hides the wide-character API (cchar_t, setcchar, wadd_wch). Enable it here,
// before any system header is seen.
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <wchar.h>
#include <signal.h>
#include <termios.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/ioctl.h>

#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
#else
#include <curses.h>
#endif

// wcwidth sits behind __USE_XOPEN in glibc and is not visible through `import Glibc`.
extern int wcwidth(wchar_t c);

/// The column width curses gives a character (-1: not printable; needs a UTF-8 locale).
static inline int cn_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

/// `setlocale(LC_ALL, "")`: the locale from the environment, needed before newterm for UTF-8.
static inline int cn_setlocale_from_environment(void) { return setlocale(LC_ALL, "") != 0; }

// Mutable C globals are errors under Swift 6 strict concurrency: read them through functions.
static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline WINDOW *cn_curscr(void) { return curscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }

/// Most characters one cchar_t holds (a spacing character plus combining ones).
static inline int cn_ccharw_max(void) { return CCHARW_MAX; }

// A_* attributes are built with NCURSES_BITS and do not import.
static inline attr_t cn_a_normal(void) { return A_NORMAL; }
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_a_italic(void) { return A_ITALIC; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }

/// The terminal size of `fd` from TIOCGWINSZ (ioctl is variadic); 0 on success, -1 on failure.
static inline int cn_window_size(int fd, int *rows, int *columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}

/// A pipe with both ends non-blocking and close-on-exec (pipe2 needs _GNU_SOURCE in Swift).
static inline int cn_make_pipe(int ends[2]) {
    if (pipe(ends) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        fcntl(ends[i], F_SETFL, fcntl(ends[i], F_GETFL) | O_NONBLOCK);
        fcntl(ends[i], F_SETFD, FD_CLOEXEC);
    }
    return 0;
}

/// Grows a pipe's buffer (Linux F_SETPIPE_SZ); returns the new size or -1.
static inline int cn_set_pipe_size(int fd, int size) {
#ifdef F_SETPIPE_SZ
    return fcntl(fd, F_SETPIPE_SZ, size);
#else
    (void)fd; (void)size;
    return -1;
#endif
}

/// dup with close-on-exec (fcntl is variadic).
static inline int cn_dup_cloexec(int fd) { return fcntl(fd, F_DUPFD_CLOEXEC, 0); }

/// Atomically stores `value` in `*flag` and returns the old value (async-signal-safe).
static inline int cn_exchange(volatile int *flag, int value) {
    return __atomic_exchange_n(flag, value, __ATOMIC_SEQ_CST);
}

/// Atomically reads `*flag` (async-signal-safe).
static inline int cn_load(volatile int *flag) { return __atomic_load_n(flag, __ATOMIC_SEQ_CST); }

/// Atomically stores `value` in `*flag`.
static inline void cn_store(volatile int *flag, int value) { __atomic_store_n(flag, value, __ATOMIC_SEQ_CST); }

/// Installs `handler` for `signo` with SA_RESTART and every signal blocked while it runs,
/// saving the previous action in `*previous` (struct sigaction's union does not import cleanly).
static inline int cn_install_handler(int signo, void (*handler)(int), struct sigaction *previous) {
    struct sigaction action;
    action.sa_handler = handler;
    sigfillset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    return sigaction(signo, &action, previous);
}

/// Like cn_install_handler, for a handler that receives the signal's siginfo (SA_SIGINFO).
static inline int cn_install_info_handler(int signo, void (*handler)(int, siginfo_t *, void *), struct sigaction *previous) {
    struct sigaction action;
    action.sa_sigaction = handler;
    sigfillset(&action.sa_mask);
    action.sa_flags = SA_RESTART | SA_SIGINFO;
    return sigaction(signo, &action, previous);
}

/// True when a signal was sent by a process (kill, raise, abort) rather than raised by the
/// kernel for a fault in the instruction that was running (si_code <= 0: SI_USER, SI_TKILL, …).
static inline int cn_signal_was_sent(const siginfo_t *info) { return info == 0 || info->si_code <= 0; }

/// Puts back an action saved by cn_install_handler.
static inline int cn_restore_handler(int signo, const struct sigaction *previous) {
    return sigaction(signo, previous, 0);
}

// setupterm, set_curterm and del_curterm are declared in term.h, whose macros (lines, columns, …)
// would clash with names used above; declare just these three.
struct term;
extern int setupterm(const char *, int, int *);
extern struct term *set_curterm(struct term *);
extern int del_curterm(struct term *);

/// Whether terminfo describes `name` well enough for a full screen: 1 when it has cursor
/// addressing (cup) and clearing (clear), 0 when it lacks one (`dumb`), -1 when it has no entry.
/// Reads terminfo only: the terminal is not touched, and the description is freed again.
static inline int cn_terminal_can_draw_screens(const char *name) {
    int error = 0;
    if (setupterm(name, STDOUT_FILENO, &error) != 0) return -1;
    char *address = tigetstr("cup");
    char *clear = tigetstr("clear");
    int can = address != 0 && address != (char *)-1 && clear != 0 && clear != (char *)-1;
    del_curterm(set_curterm(0));
    return can;
}

/// `tigetstr(name)` of the current terminal, or NULL when it has no such string (terminfo
/// answers (char *)-1 for a name that is not a string capability).
static inline const char *cn_terminfo_string(const char *name) {
    char *value = tigetstr(name);
    return value == (char *)-1 ? 0 : value;
}

/// `tigetflag(name)` of the current terminal: 1 when set, 0 otherwise.
static inline int cn_terminfo_flag(const char *name) { return tigetflag(name) == 1; }

/// A terminfo string with one or two parameters filled in (tiparm is variadic: Swift cannot call
/// it). NULL when the string cannot be evaluated.
static inline const char *cn_terminfo_apply(const char *text, int first, int second) {
    return tiparm(text, first, second);
}

// libdispatch's main-queue hooks for a run loop on the main thread (what Foundation's CFRunLoop
// uses on Linux; exported by libdispatch, declared in no installed header): the descriptor that
// becomes readable when work is queued on the main queue, and the call that runs that work.
// `MainThreadLoop` serves the main queue with them instead of `dispatch_main`.
int _dispatch_get_main_queue_handle_4CF(void);
void _dispatch_main_queue_callback_4CF(void *msg);

#endif
