/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg-input.c: the bytes a read sees. A file is streamed in blocks
 * (never held whole), a buffer is handed out in place; either way every
 * byte is scanned for entity declarations before libxml2 sees it, and the
 * stream is cut at CAROM_SVG_MAX_FILE_SIZE. */
#include "io/carom-svg-private.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

/* Bytes read from a file at a time: few system calls, little memory. */
#define BLOCK_SIZE (64 * 1024)

/* Bytes of one block kept in front of the next, so that a declaration
 * spanning two blocks is still seen: the longest spelling reaches 3 bytes
 * before its '!' and 13 after it. */
#define CARRY 16

struct _CaromSvgInput
{
  /* a file */
  int fd;
  char *display_name;
  char *display_basename; ///< made when asked for
  char *window;           ///< CARRY bytes of the previous block, then the current one
  gsize carry;            ///< bytes of the previous block at the start of window

  /* a buffer */
  const char *data;
  gsize length;
  gsize offset; ///< how much of data has been handed out

  gsize total;      ///< bytes read so far
  int lines;        ///< line breaks in the bytes handed out so far (before the current block)
  int block_lines;  ///< line breaks in the current block
  int content_line; ///< a file's: the line of its last byte other than white space so far (0: none)
  int content_column; ///< its column (in characters, from 1)
  int end_column;     ///< characters after the last line break so far
  gboolean ended;     ///< a file's: read to its end
  GError *error;
  char *path;       ///< the file's (NULL: a buffer)
  guint64 identity; ///< the file's, when opened (carom_svg_file_identity())
  guint64 size;     ///< its size then
};

/* A file's identity: where it is and when it last changed, to the
 * nanosecond. Cheaper than hashing its bytes, and as sure for a file no
 * program wrote since. */
static guint64
identity_of (const struct stat *st)
{
  guint64 parts[5] = { (guint64)st->st_dev, (guint64)st->st_ino, (guint64)st->st_size,
                       (guint64)st->st_mtim.tv_sec, (guint64)st->st_mtim.tv_nsec };
  CaromSvgHasher h = { 0 };
  carom_svg_hasher_add (&h, (const char *)parts, sizeof parts);
  return carom_svg_hasher_end (&h);
}

guint64
carom_svg_file_identity (const char *path, guint64 *size)
{
  struct stat st;
  if (g_stat (path, &st) != 0)
    return 0;
  *size = (guint64)st.st_size;
  return identity_of (&st);
}

void
carom_svg_hasher_add (CaromSvgHasher *h, const char *data, gsize n)
{
  /* FNV-1a on 8 bytes at a time (little-endian words), whatever the
   * pieces: the same bytes give the same hash however they are split. */
  if (h->hash == 0)
    h->hash = 0xcbf29ce484222325u;
  h->size += n;
  while (n > 0 && h->n != 0)
    {
      h->buf[h->n++] = (guint8)*data++;
      n--;
      if (h->n == 8)
        {
          guint64 w;
          memcpy (&w, h->buf, 8);
          h->hash = (h->hash ^ w) * 0x100000001b3u;
          h->n = 0;
        }
    }
  for (; n >= 8; n -= 8, data += 8)
    {
      guint64 w;
      memcpy (&w, data, 8);
      h->hash = (h->hash ^ w) * 0x100000001b3u;
    }
  while (n > 0)
    {
      h->buf[h->n++] = (guint8)*data++;
      n--;
    }
}

guint64
carom_svg_hasher_end (const CaromSvgHasher *h)
{
  guint64 hash = h->hash == 0 ? 0xcbf29ce484222325u : h->hash;
  for (guint i = 0; i < h->n; i++)
    hash = (hash ^ h->buf[i]) * 0x100000001b3u;
  return hash ^ h->size;
}

void
carom_svg_input_origin (CaromSvgInput *input, const char **path, const char **data, guint64 *size,
                        guint64 *hash)
{
  *path = input->path;
  *data = input->fd < 0 ? input->data : NULL;
  *size = input->fd < 0 ? input->length : input->size;
  *hash = input->fd < 0 ? 0 : input->identity;
}

/* ---- entity declarations ------------------------------------------------- */

/* The offset of the '!' of an entity declaration at or after from in
 * data[0, length), or -1. "<!ENTITY" is looked for in UTF-8 (and every
 * ASCII-compatible encoding) and in UTF-16 of either byte order; behind this
 * scan, the reader refuses a DTD that declares entities for encodings it
 * cannot read (UTF-7, say). A '!' is rare in SVG, so finding each one with
 * memchr and looking around it is cheap. */
static gssize
find_entity_declaration (const char *data, gsize length, gsize from)
{
  static const char word[] = "ENTITY";
  for (const char *bang = memchr (data + from, '!', length - MIN (from, length)); bang != NULL;
       bang = memchr (bang + 1, '!', (gsize)(data + length - bang - 1)))
    {
      gsize p = (gsize)(bang - data);
      /* UTF-8: < ! E N T I T Y */
      if (p >= 1 && data[p - 1] == '<' && p + 6 < length && memcmp (bang + 1, word, 6) == 0)
        return (gssize)p;
      /* UTF-16LE: < 0 ! 0 E 0 N 0 ...; UTF-16BE: 0 < 0 ! 0 E 0 N ... */
      gboolean le = p >= 2 && data[p - 2] == '<' && data[p - 1] == '\0' && p + 13 < length;
      gboolean be = p >= 3 && data[p - 3] == '\0' && data[p - 2] == '<' && data[p - 1] == '\0'
                    && p + 12 < length;
      for (int order = 0; order < 2; order++)
        {
          if (!(order == 0 ? le : be))
            continue;
          gboolean match = TRUE;
          for (int i = 0; i < 6 && match; i++)
            {
              const char *unit = bang + 2 + 2 * i; /* UTF-16LE: the character, then 0 */
              match = order == 0 ? unit[0] == word[i] && unit[1] == '\0'
                                 : unit[-1] == '\0' && unit[0] == word[i];
            }
          if (match && (order == 1 || bang[1] == '\0'))
            return (gssize)p;
        }
    }
  return -1;
}

static int
count_lines (const char *data, gsize length)
{
  int lines = 0;
  const char *end = data + length;
  for (const char *p = memchr (data, '\n', length); p != NULL;
       p = memchr (p + 1, '\n', (gsize)(end - p - 1)))
    lines++;
  return lines;
}

static gboolean
is_xml_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The offset of the last byte of data[0, length) that is not white space,
 * or -1. */
static gssize
last_content (const char *data, gsize length)
{
  for (gsize i = length; i > 0; i--)
    if (!is_xml_space (data[i - 1]))
      return (gssize)(i - 1);
  return -1;
}

/* Characters (UTF-8) in data[0, length). */
static int
count_chars (const char *data, gsize length)
{
  int n = 0;
  for (gsize i = 0; i < length; i++)
    n += ((guchar)data[i] & 0xC0) != 0x80;
  return n;
}

/* The offset just after the last line break in data[0, length), or -1. */
static gssize
after_last_break (const char *data, gsize length)
{
  const char *nl = memrchr (data, '\n', length);
  return nl != NULL ? nl + 1 - data : -1;
}

/* Counts the line breaks of a file's new block, and where its last byte
 * other than white space is (line and column): only the bytes after the
 * line break before that byte are scanned again. */
static void
note_block_lines (CaromSvgInput *input, const char *block, gsize length)
{
  input->block_lines = count_lines (block, length);
  gssize last = last_content (block, length);
  if (last >= 0)
    {
      input->content_line = 1 + input->lines + input->block_lines
                            - count_lines (block + last, length - (gsize)last);
      gssize start = after_last_break (block, (gsize)last);
      input->content_column = start >= 0 ? count_chars (block + start, (gsize)(last + 1 - start))
                                         : input->end_column + count_chars (block, (gsize)last + 1);
    }
  gssize start = after_last_break (block, length);
  input->end_column = start >= 0 ? count_chars (block + start, length - (gsize)start)
                                 : input->end_column + count_chars (block, length);
}

/* Scans window[0, length) for a declaration at or after from; carry is
 * where the new bytes begin, lines the line breaks before them. */
static gboolean
check_block (CaromSvgInput *input, const char *window, gsize length, gsize from, gsize carry)
{
  gssize found = find_entity_declaration (window, length, from);
  if (found < 0)
    return TRUE;
  gsize at = (gsize)found;
  int line = 1 + input->lines
             + (at >= carry ? count_lines (window + carry, at - carry)
                            : -count_lines (window + at, carry - at));
  g_set_error (&input->error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_HOSTILE,
               _ ("The document declares an XML entity (line %d); Carom refuses entity "
                  "declarations because they can read files or expand without bound"),
               line);
  return FALSE;
}

/* ---- sources ---------------------------------------------------------------- */

static gboolean
too_big (CaromSvgInput *input, gsize size)
{
  if (size <= CAROM_SVG_MAX_FILE_SIZE)
    return FALSE;
  g_clear_error (&input->error);
  if (input->display_name != NULL)
    g_set_error (&input->error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
                 _ ("“%s” is larger than %d MiB (the limit for a scene file)"), input->display_name,
                 CAROM_SVG_MAX_FILE_SIZE / (1024 * 1024));
  else
    {
      g_autofree char *text = g_format_size (size);
      g_set_error (&input->error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
                   _ ("The document is %s, more than %d MiB (the limit for a scene file)"), text,
                   CAROM_SVG_MAX_FILE_SIZE / (1024 * 1024));
    }
  return TRUE;
}

CaromSvgInput *
carom_svg_input_new_for_memory (const char *data, gsize length, GError **error)
{
  CaromSvgInput *input = g_new0 (CaromSvgInput, 1);
  input->fd = -1;
  input->data = data;
  input->length = length;
  if (too_big (input, length) || (length > 0 && !check_block (input, data, length, 0, 0)))
    {
      g_propagate_error (error, g_steal_pointer (&input->error));
      carom_svg_input_free (input);
      return NULL;
    }
  return input;
}

/* Opening does not block on a FIFO; only a regular file of at most the
 * limit (by stat, before a byte is read) is read. */
CaromSvgInput *
carom_svg_input_new_for_file (const char *path, GError **error)
{
  CaromSvgInput *input = g_new0 (CaromSvgInput, 1);
  input->display_name = g_filename_display_name (path);
  input->path = g_strdup (path);
  const char *problem = NULL;
  struct stat info;

  input->fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK, 0);
  if (input->fd < 0)
    problem = g_strerror (errno);
  else if (fstat (input->fd, &info) != 0)
    problem = g_strerror (errno);
  else if (S_ISDIR (info.st_mode))
    problem = _ ("it is a directory");
  else if (!S_ISREG (info.st_mode))
    problem = _ ("it is not a regular file");
  else if ((input->identity = identity_of (&info), input->size = (guint64)info.st_size, FALSE))
    ;
  else if (too_big (input, (gsize)info.st_size))
    {
      g_propagate_error (error, g_steal_pointer (&input->error));
      carom_svg_input_free (input);
      return NULL;
    }
  if (problem != NULL)
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_UNREADABLE, _ ("Cannot read “%s”: %s"),
                   input->display_name, problem);
      carom_svg_input_free (input);
      return NULL;
    }
  input->window = g_malloc (CARRY + BLOCK_SIZE);
  return input;
}

void
carom_svg_input_free (CaromSvgInput *input)
{
  if (input == NULL)
    return;
  if (input->fd >= 0)
    close (input->fd);
  g_free (input->window);
  g_free (input->display_name);
  g_free (input->display_basename);
  g_free (input->path);
  g_clear_error (&input->error);
  g_free (input);
}

/* Fills the window with the next block of the file after the carried
 * bytes; returns how many new bytes, 0 at the end, -1 on an error. */
static gssize
read_block (CaromSvgInput *input)
{
  for (;;)
    {
      ssize_t n = read (input->fd, input->window + input->carry, BLOCK_SIZE);
      if (n >= 0)
        return n;
      if (errno == EINTR)
        continue;
      g_set_error (&input->error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_UNREADABLE,
                   _ ("Cannot read “%s”: %s"), input->display_name, g_strerror (errno));
      return -1;
    }
}

int
carom_svg_input_read (void *context, char *buffer, int length)
{
  CaromSvgInput *input = context;
  if (input->error != NULL || length <= 0)
    return input->error != NULL ? -1 : 0;

  if (input->fd < 0)
    {
      gsize n = MIN ((gsize)length, input->length - input->offset);
      memcpy (buffer, input->data + input->offset, n);
      input->offset += n;
      return (int)n;
    }

  /* Serve what is left of the current block, then read the next one. */
  if (input->offset == input->length)
    {
      /* Keep the last CARRY bytes in front: the scan looks back into them. */
      gsize keep = MIN (input->carry + input->length, (gsize)CARRY);
      input->lines += input->block_lines;
      memmove (input->window, input->window + input->carry + input->length - keep, keep);
      input->carry = keep;
      input->offset = input->length = 0;

      gssize n = read_block (input);
      if (n < 0)
        return -1;
      input->length = (gsize)n;
      input->total += (gsize)n;
      input->ended = n == 0;
      note_block_lines (input, input->window + keep, (gsize)n);
      /* A '!' in the carried bytes was looked at in full unless it was within
       * 13 bytes of the end. */
      gsize from = keep > 13 ? keep - 13 : 0;
      if (too_big (input, input->total)
          || !check_block (input, input->window, keep + input->length, from, keep))
        return -1;
    }
  gsize n = MIN ((gsize)length, input->length - input->offset);
  memcpy (buffer, input->window + input->carry + input->offset, n);
  input->offset += n;
  return (int)n;
}

const char *
carom_svg_input_display_basename (CaromSvgInput *input)
{
  if (input->path == NULL)
    return NULL;
  if (input->display_basename == NULL)
    input->display_basename = g_filename_display_basename (input->path);
  return input->display_basename;
}

gboolean
carom_svg_input_ended (CaromSvgInput *input, int *last_line, int *last_column)
{
  if (input->fd < 0)
    {
      if (input->offset < input->length)
        return FALSE;
      gssize last = last_content (input->data, input->length);
      *last_line = last < 0 ? 0 : 1 + count_lines (input->data, (gsize)last);
      gssize start = last < 0 ? -1 : after_last_break (input->data, (gsize)last);
      *last_column = last < 0 ? 0
                              : count_chars (input->data + MAX (start, 0),
                                             (gsize)(last + 1 - MAX (start, 0)));
      return TRUE;
    }
  if (!input->ended)
    return FALSE;
  *last_line = input->content_line;
  *last_column = input->content_column;
  return TRUE;
}

gboolean
carom_svg_input_failed (CaromSvgInput *input, GError **error)
{
  if (input->error == NULL)
    return FALSE;
  g_propagate_error (error, g_steal_pointer (&input->error));
  return TRUE;
}
