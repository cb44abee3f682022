/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-files.c: an author's file in git, in the real window under Xvfb
 * with real X input (xdotool): one object of an Inkscape file dragged and
 * the file saved (Ctrl+S), and `git diff` finds only that element's lines
 * changed; saved with no edit, nothing changed at all. */
#include "ui-harness.h"

#include <glib/gstdio.h>
#include <string.h>

static gboolean
saved (gpointer data)
{
  return !carom_document_get_modified (carom_window_get_document (data));
}

static gboolean
modified (gpointer data)
{
  return !saved (data);
}

/* Runs git in dir; returns its standard output. */
static char *
git (const char *dir, const char *const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  const char *head[]
      = { "git", "-c", "user.name=Carom Test", "-c", "user.email=test@carom", "-C", dir };
  for (gsize i = 0; i < G_N_ELEMENTS (head); i++)
    g_ptr_array_add (argv, (gpointer)head[i]);
  for (gsize i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer)args[i]);
  g_ptr_array_add (argv, NULL);
  char *out = NULL;
  gint status = 0;
  g_autoptr (GError) error = NULL;
  g_assert_true (g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

static void
test_inkscape_move_git_diff (void)
{
  if (!can_send_input ())
    return;
  g_autofree char *git_path = g_find_program_in_path ("git");
  if (git_path == NULL)
    {
      g_test_skip ("git is not installed");
      return;
    }
  g_autofree char *dir = g_dir_make_tmp ("carom-ui-files-XXXXXX", NULL);
  g_autofree char *source = source_path ("tests/data/inkscape-style.svg");
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (source, &text, NULL, NULL));
  g_autofree char *path = g_build_filename (dir, "table.svg", NULL);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  const char *init[] = { "init", "-q", NULL }, *add[] = { "add", "table.svg", NULL },
             *commit[] = { "commit", "-q", "-m", "the author's figure", NULL };
  g_free (git (dir, init));
  g_free (git (dir, add));
  g_free (git (dir, commit));

  CaromWindow *window = open_window_sized (path, 1100, 760);
  Window xid = gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window)));
  g_autofree char *win = g_strdup_printf ("%lu", (unsigned long)xid);
  const char *focus[] = { "windowfocus", "--sync", win, NULL };
  xdotool (focus);

  /* Saved with no edit: git sees nothing. */
  const char *save_as_is[] = { "key", "ctrl+s", NULL };
  xdotool (save_as_is);
  spin (500);
  const char *numstat[] = { "diff", "--numstat", NULL };
  g_autofree char *none = git (dir, numstat);
  g_assert_cmpstr (none, ==, "");

  /* The post (x 99 to 111, y 54 to 94) dragged about 10 units right. */
  drag_scene (window, cg_v2 (105, 74), cg_v2 (115, 74), TRUE);
  g_assert_true (wait_for (modified, window, 5000));
  xdotool (save_as_is);
  g_assert_true (wait_for (saved, window, 10000));

  g_autofree char *stat = git (dir, numstat);
  g_test_message ("git diff --numstat: %s", stat);
  guint added = 0, removed = 0;
  g_assert_cmpint (sscanf (stat, "%u %u", &added, &removed), ==, 2);
  /* Within the post's element: its nine lines at most, and its x. */
  const char *diff[] = { "diff", "-U0", NULL };
  g_autofree char *hunks = git (dir, diff);
  g_auto (GStrv) original_lines = g_strsplit (text, "\n", -1);
  guint post_first = 0, post_last = 0;
  for (guint i = 0; original_lines[i] != NULL; i++)
    if (strstr (original_lines[i], "id=\"post\"") != NULL)
      {
        post_first = i; /* 0-based: the "<rect" line is the one before */
        while (original_lines[post_last = i] != NULL && strstr (original_lines[i], "/>") == NULL)
          i++;
        break;
      }
  g_assert_cmpuint (post_first, >, 0);
  g_auto (GStrv) lines = g_strsplit (hunks, "\n", -1);
  guint n_hunks = 0;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint from = 0, count = 1;
      if (!g_str_has_prefix (lines[i], "@@ -"))
        continue;
      n_hunks++;
      const char *p = lines[i] + 4;
      from = (guint)g_ascii_strtoull (p, (char **)&p, 10);
      if (*p == ',')
        count = (guint)g_ascii_strtoull (p + 1, NULL, 10);
      /* Old lines [from, from + count) (1-based), or an insertion after from. */
      guint first = count == 0 ? from + 1 : from, last = count == 0 ? from : from + count - 1;
      g_assert_cmpuint (first, >=, post_first); /* the "<rect" line, 1-based */
      g_assert_cmpuint (last, <=, post_last + 1);
    }
  g_assert_cmpuint (n_hunks, >, 0);
  g_test_message ("%s", hunks);
  /* Where the pointer took it (to the pixel): a new x, in the file's own layout. */
  g_assert_nonnull (strstr (hunks, "\n-       x=\"99\""));
  g_assert_nonnull (strstr (hunks, "\n+       x=\""));
  g_assert_cmpuint (added + removed, <=, 9);

  destroy_window (window);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_true (g_spawn_command_line_sync (rm, NULL, NULL, NULL, NULL));
}

int
main (int argc, char **argv)
{
  ui_harness_init (&argc, &argv);
  g_test_add_func ("/ui-files/inkscape-move-git-diff", test_inkscape_move_git_diff);
  return ui_harness_run ();
}
