/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg-xml-errors.c: what libxml2 reports while a scene is read, in the
 * reader's own plain words (a file cut short, a tag closing another, an
 * undefined entity …, naming the file and the line), and the hostile
 * documents refused: entity declarations, external entities and DTDs. The
 * reader (carom-svg-reader.c) installs these handlers around each read,
 * holding the lock for libxml2's process-wide state defined here. */
#include "io/carom-svg-read-private.h"
#include "io/carom-svg-xml-lock.h"

#include <glib/gi18n-lib.h>
#include <libxml/xmlreader.h>
#include <string.h>

/* ---- libxml2's process-wide state ---------------------------------------- */

/* Reads on several threads take turns with libxml2's process-wide hooks
 * (carom-svg-xml-lock.h). */
static GMutex xml_lock;

void
carom_svg_xml_lock (void)
{
  g_mutex_lock (&xml_lock);
}

void
carom_svg_xml_unlock (void)
{
  g_mutex_unlock (&xml_lock);
}

/* ---- libxml2's errors ---------------------------------------------------- */

/* libxml2's complaints about entities: they reach us only from an encoding
 * the byte scan for declarations cannot read (UTF-7, say). */
static gboolean
is_entity_error (int code)
{
  static const int codes[] = {
    XML_ERR_ENTITY_LOOP,           XML_ERR_ENTITY_IS_EXTERNAL, XML_ERR_ENTITY_IS_PARAMETER,
    XML_ERR_UNPARSED_ENTITY,       XML_ERR_ENTITY_PROCESSING,  XML_ERR_ENTITY_BOUNDARY,
    XML_ERR_EXT_ENTITY_STANDALONE,
  };
  for (gsize i = 0; i < G_N_ELEMENTS (codes); i++)
    if (code == codes[i])
      return TRUE;
  return FALSE;
}

/* libxml2's codes for a construct cut short (a tag, an attribute, a
 * comment): at the end of the data, the file ends before it is complete. */
static gboolean
is_unfinished_error (int code)
{
  static const int codes[] = {
    XML_ERR_TAG_NOT_FINISHED,
    XML_ERR_GT_REQUIRED,
    XML_ERR_LT_REQUIRED,
    XML_ERR_LTSLASH_REQUIRED,
    XML_ERR_ATTRIBUTE_NOT_STARTED,
    XML_ERR_ATTRIBUTE_NOT_FINISHED,
    XML_ERR_ATTRIBUTE_WITHOUT_VALUE,
    XML_ERR_LITERAL_NOT_STARTED,
    XML_ERR_LITERAL_NOT_FINISHED,
    XML_ERR_COMMENT_NOT_FINISHED,
    XML_ERR_PI_NOT_FINISHED,
    XML_ERR_CDATA_NOT_FINISHED,
    XML_ERR_SPACE_REQUIRED,
    XML_ERR_NAME_REQUIRED,
    XML_ERR_EQUAL_REQUIRED,
    XML_ERR_VALUE_REQUIRED,
    XML_ERR_XMLDECL_NOT_FINISHED,
    XML_ERR_DOCTYPE_NOT_FINISHED,
    XML_ERR_STRING_NOT_STARTED,
    XML_ERR_STRING_NOT_CLOSED,
    XML_ERR_ENTITYREF_SEMICOL_MISSING,
  };
  for (gsize i = 0; i < G_N_ELEMENTS (codes); i++)
    if (code == codes[i])
      return TRUE;
  return FALSE;
}

/* The parser that raised xml_error, or NULL. */
static const xmlParserCtxt *
parser_of (const xmlError *xml_error)
{
  return xml_error->domain == XML_FROM_PARSER || xml_error->domain == XML_FROM_NAMESPACE
             ? xml_error->ctxt
             : NULL;
}

/* How many characters before the end of the data libxml2 may stop when
 * the data ends in a construct it cannot yet tell ("<![CDATA[" is 9). */
#define TRUNCATED_SLACK 10

/* Errors that say what is wrong whatever follows: never a file cut short. */
static gboolean
is_definite_error (int code)
{
  static const int codes[] = {
    XML_ERR_TAG_NAME_MISMATCH, XML_ERR_ATTRIBUTE_REDEFINED,    XML_ERR_UNDECLARED_ENTITY,
    XML_ERR_LT_IN_ATTRIBUTE,   XML_ERR_INVALID_CHAR,           XML_ERR_INVALID_ENCODING,
    XML_ERR_DOCUMENT_EMPTY,    XML_NS_ERR_UNDEFINED_NAMESPACE,
  };
  for (gsize i = 0; i < G_N_ELEMENTS (codes); i++)
    if (code == codes[i])
      return TRUE;
  return FALSE;
}

/* Whether the parser stopped because the data ended before the document
 * did: libxml2 reports that just past the data's last character, as a
 * construct cut short, or, in the middle of the elements or in the root's
 * start tag, as "extra content" or a bad name. *last_line is where the data
 * really ends (its last byte other than white space). */
static gboolean
is_truncated (ReadState *state, const xmlError *xml_error, int *last_line)
{
  int last_column;
  if (state->input == NULL || !carom_svg_input_ended (state->input, last_line, &last_column)
      || *last_line == 0)
    return FALSE;
  const xmlParserCtxt *ctxt = parser_of (xml_error);
  /* "Extra content" anywhere but after the root element closed is raised
   * only when the data ended: elements were open, or the root not yet read
   * (it is reported where libxml2 stopped, which may be before the last
   * bytes, or even at the start for a few bytes such as "<s"). */
  if (xml_error->code == XML_ERR_DOCUMENT_END)
    return ctxt != NULL && (ctxt->nameNr > 0 || ctxt->instate != XML_PARSER_EPILOG);
  /* A construct cut short is reported where libxml2 stopped waiting for
   * the rest of it: at the end, or up to a "<![CDATA[" before it. */
  if (xml_error->line < *last_line
      || (xml_error->line == *last_line && xml_error->int2 + TRUNCATED_SLACK <= last_column))
    return FALSE;
  if (is_unfinished_error (xml_error->code))
    return TRUE;
  /* Elements still open, or the root not yet begun, when the data ended. */
  return ctxt != NULL && !is_definite_error (xml_error->code)
         && (ctxt->nameNr > 0 || ctxt->instate != XML_PARSER_EPILOG);
}

/* What is wrong, in words, for the codes an SVG file from elsewhere meets
 * (a tag left open, a name given twice, an HTML entity); libxml2's own
 * message for the others. */
static char *
xml_problem (const xmlError *e, const char *message)
{
  int line = e->line;
  const char *s1 = e->str1 != NULL ? e->str1 : "", *s2 = e->str2 != NULL ? e->str2 : "";
  switch (e->code)
    {
    case XML_ERR_TAG_NAME_MISMATCH:
      /* Translators: </b> closes <a>, which opened at line N. */
      return g_strdup_printf (_ ("at line %d, </%s> closes <%s>, opened at line %d"), line, s2, s1,
                              e->int1);
    case XML_ERR_TAG_NOT_FINISHED:
      return g_strdup_printf (_ ("at line %d, <%s> is not closed"), line, s1);
    case XML_ERR_ATTRIBUTE_REDEFINED:
      return g_strdup_printf (_ ("at line %d, the attribute “%s” is given twice"), line, s1);
    case XML_ERR_UNDECLARED_ENTITY:
      return g_strdup_printf (_ ("at line %d, “&%s;” is not defined (XML knows only &amp; &lt; "
                                 "&gt; &quot; and &apos;)"),
                              line, s1);
    case XML_ERR_LT_IN_ATTRIBUTE:
      return g_strdup_printf (_ ("at line %d, an attribute’s value holds a “<” (write “&lt;”)"),
                              line);
    case XML_ERR_DOCUMENT_EMPTY:
      return g_strdup_printf (_ ("no element starts at line %d"), line);
    case XML_ERR_DOCUMENT_END:
      if (parser_of (e) != NULL && parser_of (e)->instate != XML_PARSER_EPILOG)
        return g_strdup_printf (_ ("no element starts at line %d"), line);
      return g_strdup_printf (_ ("at line %d, there is more after the last element closes"), line);
    case XML_ERR_INVALID_CHAR:
    case XML_ERR_INVALID_ENCODING:
      if (g_str_has_prefix (message, "Input is not proper UTF-8"))
        return g_strdup_printf (_ ("at line %d, its bytes are not UTF-8, and it declares no "
                                   "other encoding"),
                                line);
      return g_strdup_printf (_ ("at line %d, there is a character XML does not allow"), line);
    case XML_ERR_GT_REQUIRED:
      if (*s1 != '\0')
        return g_strdup_printf (_ ("at line %d, the tag <%s> is not finished"), line, s1);
      return g_strdup_printf (_ ("at line %d, a tag is not finished"), line);
    case XML_ERR_ATTRIBUTE_NOT_STARTED:
    case XML_ERR_ATTRIBUTE_NOT_FINISHED:
    case XML_ERR_ATTRIBUTE_WITHOUT_VALUE:
      return g_strdup_printf (_ ("at line %d, an attribute’s value is not in quotes"), line);
    case XML_ERR_COMMENT_NOT_FINISHED:
      return g_strdup_printf (_ ("at line %d, a comment is not closed"), line);
    case XML_NS_ERR_UNDEFINED_NAMESPACE:
      return g_strdup_printf (_ ("at line %d, the namespace prefix “%s” of <%s:%s> is not "
                                 "declared"),
                              line, s1, s1, s2);
    default:
      /* Translators: the second %s is libxml2's own message, in English. */
      return g_strdup_printf (_ ("at line %d, the XML parser reports: %s"), line, message);
    }
}

/* A document that is not well-formed XML: named, with what is wrong and
 * where; a file cut short says so. */
static GError *
not_xml_error (ReadState *state, const xmlError *xml_error, const char *message)
{
  const char *name = state->input != NULL ? carom_svg_input_display_basename (state->input) : NULL;
  int last_line;
  if (is_truncated (state, xml_error, &last_line))
    {
      if (name != NULL)
        return g_error_new (CAROM_SVG_ERROR, CAROM_SVG_ERROR_NOT_XML,
                            _ ("“%s” is not a complete SVG file: it ends at line %d before its "
                               "elements are closed"),
                            name, last_line);
      return g_error_new (CAROM_SVG_ERROR, CAROM_SVG_ERROR_NOT_XML,
                          _ ("The document is not complete: it ends at line %d before its "
                             "elements are closed"),
                          last_line);
    }
  g_autofree char *problem = xml_problem (xml_error, message);
  if (name != NULL)
    /* Translators: the file's name, then what is wrong and where ("at line 3, …"). */
    return g_error_new (CAROM_SVG_ERROR, CAROM_SVG_ERROR_NOT_XML,
                        _ ("“%s” is not well-formed XML: %s"), name, problem);
  return g_error_new (CAROM_SVG_ERROR, CAROM_SVG_ERROR_NOT_XML,
                      _ ("The document is not well-formed XML: %s"), problem);
}

void
carom_svg_reader_on_xml_error (void *data, xmlErrorPtr xml_error)
{
  ReadState *state = data;
  if (xml_error == NULL || xml_error->level < XML_ERR_ERROR || state->xml_error != NULL)
    return;

  g_autofree char *message
      = g_utf8_make_valid (xml_error->message != NULL ? xml_error->message : "", -1);
  g_strstrip (message);
  int line = xml_error->line;

  if (is_entity_error (xml_error->code) || xml_error->domain == XML_FROM_IO)
    g_set_error (&state->xml_error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_HOSTILE,
                 _ ("Refused at line %d: %s (entities and external resources are not read)"), line,
                 message);
  else if (strstr (message, "Excessive depth") != NULL)
    g_set_error (&state->xml_error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
                 _ ("Elements are nested deeper than %d levels (the limit) at line %d"),
                 CAROM_SVG_MAX_DEPTH, line);
  else if (strstr (message, "XML_PARSE_HUGE") != NULL || strstr (message, "Huge input") != NULL)
    g_set_error (&state->xml_error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
                 _ ("Over libxml2's size limits at line %d: %s"), line, message);
  else
    state->xml_error = not_xml_error (state, xml_error, message);
}

/* Errors raised outside the reader's own handler go nowhere (never to stderr). */
void
carom_svg_reader_ignore_generic_error (void *data, const char *format, ...)
{
  (void)data;
  (void)format;
}

/* External entities and DTDs are never fetched, whatever asks for them. */
xmlParserInputPtr
carom_svg_reader_deny_external_entity (const char *url, const char *id, xmlParserCtxtPtr context)
{
  (void)url;
  (void)id;
  (void)context;
  return NULL;
}

/* ---- hostile documents --------------------------------------------------- */

gboolean
carom_svg_reader_check_dtd (xmlDtdPtr dtd, GError **error)
{
  if (dtd == NULL)
    return TRUE;
  if ((dtd->entities != NULL && xmlHashSize (dtd->entities) > 0)
      || (dtd->pentities != NULL && xmlHashSize (dtd->pentities) > 0))
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_HOSTILE,
                           _ ("The document type declares XML entities; Carom refuses them "
                              "because they can read files or expand without bound"));
      return FALSE;
    }
  return TRUE;
}
