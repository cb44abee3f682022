/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-svg-reader.c: libFuzzer target for the SVG scene reader.
 *
 * Every input must be read or refused with a GError, never crash, hang or
 * leak; an input that reads must also write, read back and write again to the
 * same bytes (the writer's round-trip promise); and the input as a generated
 * drawing must be refused or leave the scene as it was. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/carom-svg.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* The most vertices a scene may have for the round-trip checks. */
#define MAX_ROUND_TRIP_VERTICES 20000

/* A finding: abort() (not g_error(), which may raise SIGTRAP), so that libFuzzer saves the
 * input. */
static void G_GNUC_PRINTF (1, 2) G_GNUC_NORETURN finding (const char *format, ...)
{
  va_list args;
  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fputc ('\n', stderr);
  abort ();
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CmScene) scene
      = carom_svg_read_memory ((const char *)data, size, NULL, &summary, &error);
  if (scene == NULL)
    {
      if (error == NULL || error->domain != CAROM_SVG_ERROR || error->message[0] == '\0')
        finding ("a read failed without a message");
      return 0;
    }
  if (summary == NULL)
    finding ("a read succeeded without a summary");

  /* Writing and reading back a scene of many vertices (a huge arc, say) costs the fuzzer seconds
   * under the sanitizers and finds nothing a small one would not; the unit tests round-trip big
   * scenes. */
  gsize vertices = 0;
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CmObject *object = g_ptr_array_index (scene->objects, i);
      vertices += object->kind == CM_OBJECT_POLYGON ? object->n_points : 1;
    }
  if (vertices > MAX_ROUND_TRIP_VERTICES)
    return 0;

  gsize len1 = 0, len2 = 0;
  g_autofree char *first = carom_svg_write_string (scene, &len1);
  g_autoptr (GError) error2 = NULL;
  g_autoptr (CmScene) again = carom_svg_read_memory (first, len1, NULL, NULL, &error2);
  if (again == NULL)
    finding ("a written scene does not read back: %s\n%s", error2->message, first);
  g_autofree char *second = carom_svg_write_string (again, &len2);
  if (len1 != len2 || memcmp (first, second, len1) != 0)
    finding ("writing is not stable:\n%s\n---\n%s", first, second);

  /* The input as the renderer's drawing: refused, or kept inside its group so that the scene
   * reads back unchanged. */
  g_autofree char *drawing = g_strndup ((const char *)data, MIN (size, 4096));
  g_autofree char *with = carom_svg_write_string_with_generated (again, drawing, NULL);
  if (with != NULL)
    {
      g_autoptr (GError) error3 = NULL;
      g_autoptr (CmScene) third = carom_svg_read_memory (with, strlen (with), NULL, NULL, &error3);
      if (third == NULL)
        finding ("a generated drawing breaks the file: %s\n%s", error3->message, with);
      g_autofree char *fourth = carom_svg_write_string (third, NULL);
      if (strcmp (fourth, second) != 0)
        finding ("a generated drawing changes the scene:\n%s", with);
    }
  return 0;
}
