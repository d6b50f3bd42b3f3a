#!/usr/bin/env python3
# Writes the PNG test vectors of Tests/ScreensTests/PNGVectors.swift with Python's zlib (real
# compressed data). Run: python3 scripts/png-vectors/generate.py, paste the lines into the dictionary.
import zlib, struct, base64

def chunk(t, body):
    c = struct.pack(">I", len(body)) + t + body
    return c + struct.pack(">I", zlib.crc32(t + body) & 0xffffffff)

def png(w, h, ctype, depth, rows, strategy, level=9, plte=None, trns=None):
    raw = b"".join(rows)
    co = zlib.compressobj(level, zlib.DEFLATED, 15, 9, strategy)
    data = co.compress(raw) + co.flush()
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, ctype, 0, 0, 0))
    if plte: out += chunk(b"PLTE", plte)
    if trns: out += chunk(b"tRNS", trns)
    out += chunk(b"tEXt", b"Comment\x00test vector")
    # split IDAT in two to exercise concatenation
    half = len(data)//2
    out += chunk(b"IDAT", data[:half]) + chunk(b"IDAT", data[half:]) + chunk(b"IEND", b"")
    return out

def rgb(x, y): return ((x*7 + y*3) % 256, (x*y) % 256, (x + 2*y) % 256)

def filt(rowbytes, prev, bpp, ftype):
    out = bytearray()
    for i, v in enumerate(rowbytes):
        a = rowbytes[i-bpp] if i >= bpp else 0
        b = prev[i] if prev is not None else 0
        c = prev[i-bpp] if (prev is not None and i >= bpp) else 0
        if ftype == 0: p = 0
        elif ftype == 1: p = a
        elif ftype == 2: p = b
        elif ftype == 3: p = (a + b)//2
        else:
            pp = a + b - c; pa, pb, pc = abs(pp-a), abs(pp-b), abs(pp-c)
            p = a if (pa <= pb and pa <= pc) else (b if pb <= pc else c)
        out.append((v - p) % 256)
    return bytes([ftype]) + bytes(out)

def rows_for(w, h, pixel, bpp):
    rows = []; prev = None
    for y in range(h):
        rb = bytes(b for x in range(w) for b in pixel(x, y))
        rows.append(filt(rb, prev, bpp, y % 5)); prev = rb
    return rows

out = {}
W, H = 37, 23
out["rgbDynamic"] = png(W, H, 2, 8, rows_for(W, H, rgb, 3), zlib.Z_DEFAULT_STRATEGY)
out["rgbFixed"] = png(W, H, 2, 8, rows_for(W, H, rgb, 3), zlib.Z_FIXED)
out["rgbaDynamic"] = png(W, H, 6, 8, rows_for(W, H, lambda x, y: rgb(x, y) + (((x * 11) % 256),), 4), zlib.Z_DEFAULT_STRATEGY)
out["greyAlphaFixed"] = png(W, H, 4, 8, rows_for(W, H, lambda x, y: ((x*5+y) % 256, 255 - (y*9 % 256)), 2), zlib.Z_FIXED)
out["greyZlib"] = png(W, H, 0, 8, rows_for(W, H, lambda x, y: ((x*5+y) % 256,), 1), zlib.Z_DEFAULT_STRATEGY)
# palette 4-bit: index = (x + y) % 16
pal = bytes(b for i in range(16) for b in (i*16, 255 - i*16, (i*37) % 256))
trns = bytes([0] + [255]*15)
def pack4(w, y):
    idx = [(x + y) % 16 for x in range(w)]
    if len(idx) % 2: idx.append(0)
    return bytes((idx[i] << 4) | idx[i+1] for i in range(0, len(idx), 2))
prow = []
prev = None
for y in range(H):
    rb = pack4(W, y); prow.append(filt(rb, prev, 1, y % 5)); prev = rb
out["palette4Zlib"] = png(W, H, 3, 4, prow, zlib.Z_DEFAULT_STRATEGY, plte=pal, trns=trns)
# grey 1-bit: checker
def pack1(w, y):
    bits = [((x // 3 + y // 3) % 2) for x in range(w)]
    while len(bits) % 8: bits.append(0)
    return bytes(sum(bits[i+k] << (7-k) for k in range(8)) for i in range(0, len(bits), 8))
grows = []; prev = None
for y in range(H):
    rb = pack1(W, y); grows.append(filt(rb, prev, 1, y % 5)); prev = rb
out["grey1Fixed"] = png(W, H, 0, 1, grows, zlib.Z_FIXED)
# 16-bit and interlaced headers
out["rgb16"] = png(4, 4, 2, 16, [b"\x00" + b"\x00" * 24] * 4, zlib.Z_DEFAULT_STRATEGY)
il = bytearray(png(4, 4, 2, 8, [b"\x00" + b"\x10" * 12] * 4, zlib.Z_DEFAULT_STRATEGY))
# set interlace byte and fix CRC
ihdr_start = 8
body = bytes(il[ihdr_start+8:ihdr_start+8+13]); body = body[:12] + b"\x01"
il[ihdr_start+8:ihdr_start+8+13] = body
il[ihdr_start+21:ihdr_start+25] = struct.pack(">I", zlib.crc32(b"IHDR" + body) & 0xffffffff)
out["interlaced"] = bytes(il)
for k, v in out.items():
    print(f'        "{k}": "{base64.b64encode(v).decode()}",')
