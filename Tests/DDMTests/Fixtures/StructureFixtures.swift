/// Structure definitions written for these tests (not copied from Liferay): every field kind in
/// both formats, and two localisation fixtures shaped like the reference's F1 and F2.
enum Fixtures {
    /// A 6.2 XSD with every kind, nested fields, a repeatable field and an unsupported field.
    static let allKindsXSD = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- Termlets test structure: every kind -->
        <root available-locales="en_US,es_ES" default-locale="en_US">
          <dynamic-element dataType="boolean" name="Agree" type="checkbox" required="false" showLabel="true" indexType="keyword">
            <meta-data locale="en_US">
              <entry name="label"><![CDATA[Do you agree?]]></entry>
              <entry name="predefinedValue"><![CDATA[true]]></entry>
              <entry name="tip"><![CDATA[Tick to agree]]></entry>
            </meta-data>
            <meta-data locale="es_ES">
              <entry name="label"><![CDATA[¿Está de acuerdo?]]></entry>
              <entry name="predefinedValue"><![CDATA[true]]></entry>
            </meta-data>
          </dynamic-element>
          <dynamic-element dataType="string" name="Title" type="text" required="true" repeatable="true">
            <meta-data locale="en_US">
              <entry name="label">Title &amp; subtitle</entry>
              <entry name="predefinedValue"><![CDATA[A <b>bold</b> start]]></entry>
            </meta-data>
            <meta-data locale="es_ES"><entry name="label">Título</entry></meta-data>
            <dynamic-element dataType="string" name="Subtitle" type="textarea">
              <meta-data locale="en_US"><entry name="label">Subtitle</entry></meta-data>
            </dynamic-element>
          </dynamic-element>
          <dynamic-element dataType="string" name="Colour" type="select" multiple="true">
            <dynamic-element name="opt1" type="option" value="red">
              <meta-data locale="en_US"><entry name="label">Red</entry></meta-data>
              <meta-data locale="es_ES"><entry name="label">Rojo</entry></meta-data>
            </dynamic-element>
            <dynamic-element name="opt2" type="option" value="green">
              <meta-data locale="en_US"><entry name="label">Green</entry></meta-data>
              <meta-data locale="es_ES"><entry name="label">Verde</entry></meta-data>
            </dynamic-element>
            <dynamic-element name="opt3" type="option" value="blue, dark">
              <meta-data locale="en_US"><entry name="label">Dark blue</entry></meta-data>
            </dynamic-element>
            <meta-data locale="en_US">
              <entry name="label">Colour</entry>
              <entry name="predefinedValue">["red","green"]</entry>
            </meta-data>
          </dynamic-element>
          <dynamic-element dataType="string" name="Size" type="radio">
            <dynamic-element type="option" value="S"><meta-data locale="en_US"><entry name="label">Small</entry></meta-data></dynamic-element>
            <dynamic-element type="option" value="L"><meta-data locale="en_US"><entry name="label">Large</entry></meta-data></dynamic-element>
            <meta-data locale="en_US"><entry name="label">Size</entry></meta-data>
          </dynamic-element>
          <dynamic-element dataType="date" name="Birthday" type="ddm-date" required="true">
            <meta-data locale="en_US">
              <entry name="label">Birthday</entry>
              <entry name="predefinedValue">06/19/2004</entry>
            </meta-data>
          </dynamic-element>
          <dynamic-element dataType="integer" name="Count" type="ddm-integer">
            <meta-data locale="en_US">
              <entry name="label">Count</entry>
              <entry name="predefinedValue"> <![CDATA[16]]> </entry>
            </meta-data>
          </dynamic-element>
          <dynamic-element dataType="number" name="Price" type="ddm-number">
            <meta-data locale="en_US">
              <entry name="label">Price</entry>
              <entry name="predefinedValue"><![CDATA[1234.5]]></entry>
            </meta-data>
          </dynamic-element>
          <dynamic-element dataType="double" name="Ratio" type="ddm-decimal">
            <meta-data locale="en_US"><entry name="label">Ratio</entry></meta-data>
          </dynamic-element>
          <dynamic-element dataType="document-library" name="Attachment" type="ddm-documentlibrary">
            <meta-data locale="en_US"><entry name="label">Attachment</entry></meta-data>
          </dynamic-element>
          <dynamic-element dataType="image" name="Picture" type="ddm-image">
            <meta-data locale="en_US"><entry name="label">Picture</entry></meta-data>
          </dynamic-element>
          <dynamic-element dataType="geolocation" name="Place" type="ddm-geolocation">
            <meta-data locale="en_US"><entry name="label">Place</entry></meta-data>
          </dynamic-element>
          <dynamic-element dataType="html" name="Body" type="ddm-text-html" readOnly="true">
            <meta-data locale="en_US"><entry name="label">Body</entry></meta-data>
          </dynamic-element>
        </root>
        """

    /// The same structure as a 7.x JSON definition.
    static let allKindsJSON = """
        {
          "availableLanguageIds": ["en_US", "es_ES"],
          "defaultLanguageId": "en_US",
          "fields": [
            {"name": "Agree", "dataType": "boolean", "type": "checkbox", "required": false, "showLabel": true,
             "indexType": "keyword",
             "label": {"en_US": "Do you agree?", "es_ES": "¿Está de acuerdo?"},
             "predefinedValue": {"en_US": true, "es_ES": "true"},
             "tip": {"en_US": "Tick to agree"}},
            {"name": "Title", "dataType": "string", "type": "text", "required": true, "repeatable": true,
             "label": {"en_US": "Title & subtitle", "es_ES": "Título"},
             "predefinedValue": {"en_US": "A <b>bold</b> start"},
             "nestedFields": [
               {"name": "Subtitle", "dataType": "string", "type": "textarea", "label": {"en_US": "Subtitle"}}
             ]},
            {"name": "Colour", "dataType": "string", "type": "select", "multiple": "true",
             "label": {"en_US": "Colour"},
             "predefinedValue": {"en_US": ["red", "green"]},
             "options": [
               {"name": "opt1", "value": "red", "label": {"en_US": "Red", "es_ES": "Rojo"}},
               {"name": "opt2", "value": "green", "label": {"en_US": "Green", "es_ES": "Verde"}},
               {"name": "opt3", "value": "blue, dark", "label": {"en_US": "Dark blue"}}
             ]},
            {"name": "Size", "dataType": "string", "type": "radio", "label": {"en_US": "Size"},
             "options": [{"value": "S", "label": {"en_US": "Small"}}, {"value": "L", "label": {"en_US": "Large"}}]},
            {"name": "Birthday", "dataType": "date", "type": "ddm-date", "required": true,
             "label": {"en_US": "Birthday"}, "predefinedValue": {"en_US": "2004-06-19"}},
            {"name": "Count", "dataType": "integer", "type": "ddm-integer", "label": {"en_US": "Count"},
             "predefinedValue": {"en_US": "16"}},
            {"name": "Price", "dataType": "number", "type": "ddm-number", "label": {"en_US": "Price"},
             "predefinedValue": {"en_US": 1234.5}},
            {"name": "Ratio", "dataType": "double", "type": "ddm-decimal", "label": {"en_US": "Ratio"}},
            {"name": "Attachment", "dataType": "document-library", "type": "ddm-documentlibrary",
             "label": {"en_US": "Attachment"}},
            {"name": "Picture", "dataType": "image", "type": "ddm-image", "label": {"en_US": "Picture"}},
            {"name": "Place", "dataType": "geolocation", "type": "ddm-geolocation", "label": {"en_US": "Place"}},
            {"name": "Body", "dataType": "html", "type": "ddm-text-html", "readOnly": true, "label": {"en_US": "Body"}}
          ]
        }
        """

    /// F1-like: one boolean whose label is given in five locales; the default is es_ES.
    static let localisedBooleanXSD = """
        <root available-locales="en_US,en_AU,es,es_ES,es_AR" default-locale="es_ES">
          <dynamic-element dataType="boolean" name="Flag" type="checkbox">
            <meta-data locale="en_US"><entry name="label">US flag</entry></meta-data>
            <meta-data locale="en_AU"><entry name="label">Aussie flag</entry></meta-data>
            <meta-data locale="es"><entry name="label">Bandera neutra</entry></meta-data>
            <meta-data locale="es_ES"><entry name="label">Bandera de España</entry></meta-data>
            <meta-data locale="es_AR"><entry name="label">Bandera argentina</entry></meta-data>
          </dynamic-element>
        </root>
        """

    static let localisedBooleanJSON = """
        {"defaultLanguageId": "es_ES", "fields": [{"name": "Flag", "dataType": "boolean", "type": "checkbox",
          "label": {"en_US": "US flag", "en_AU": "Aussie flag", "es": "Bandera neutra",
                    "es_ES": "Bandera de España", "es_AR": "Bandera argentina"}}]}
        """

    /// F2-like: a select whose label exists only in en_US and whose option is in five locales;
    /// the default is es_ES.
    static let localisedSelectXSD = """
        <root default-locale="es_ES">
          <dynamic-element dataType="string" name="Pick" type="select">
            <meta-data locale="en_US"><entry name="label">A pick</entry></meta-data>
            <dynamic-element name="one" type="option" value="value 1">
              <meta-data locale="en_US"><entry name="label">One (en_US)</entry></meta-data>
              <meta-data locale="en_AU"><entry name="label">One (en_AU)</entry></meta-data>
              <meta-data locale="es_ES"><entry name="label">Uno (es_ES)</entry></meta-data>
              <meta-data locale="es_AR"><entry name="label">Uno (es_AR)</entry></meta-data>
              <meta-data locale="es"><entry name="label">Uno (es)</entry></meta-data>
            </dynamic-element>
          </dynamic-element>
        </root>
        """

    static let localisedSelectJSON = """
        {"defaultLanguageId": "es_ES", "fields": [{"name": "Pick", "dataType": "string", "type": "select",
          "label": {"en_US": "A pick"},
          "options": [{"value": "value 1", "label": {"en_AU": "One (en_AU)", "en_US": "One (en_US)",
            "es_ES": "Uno (es_ES)", "es_AR": "Uno (es_AR)", "es": "Uno (es)"}}]}]}
        """
}
