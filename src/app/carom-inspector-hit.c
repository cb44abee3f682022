/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-inspector-hit.c: the Hit panel: the maths of the hit at the current step,
 * the broad phase's counts and the nearest rejected candidates. */
#include "config.h"

#include "carom-accessible.h"
#include "carom-inspector-private.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

/* ---- Hit panel ---- */

static const char *
primitive_text (const CgHit *hit, char **owned)
{
  *owned = hit->kind == CG_PRIM_SEGMENT
               ? g_strdup_printf (_ ("Offset segment of edge %u"), hit->element)
           : hit->part == CG_PART_EDGE
               ? g_strdup_printf (_ ("Offset arc of arc edge %u"), hit->element)
               : g_strdup_printf (_ ("Corner arc at vertex %u"), hit->element);
  return *owned;
}

static void
hit_row_activated (AdwActionRow *row, CaromInspector *self)
{
  guint step = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "step"));
  g_signal_emit (self, carom_inspector_signals[STEP_REQUESTED], 0, self->ball, step);
}

/* A row that selects its object on the canvas when activated (a candidate,
 * or the object hit). */
static void
primitive_row_activated (AdwActionRow *row, CaromInspector *self)
{
  const CmObject *object = g_object_get_data (G_OBJECT (row), "object");
  const CmScene *scene = carom_document_get_scene (self->document);
  for (guint i = 0; i < scene->objects->len; i++)
    if (g_ptr_array_index (scene->objects, i) == object)
      {
        if (self->editor != NULL)
          carom_editor_select (self->editor, &i, 1, FALSE);
        else
          carom_inspector_select (self, (int)i);
        return;
      }
}

static void
primitive_row (CaromInspector *self, GtkWidget *group, const char *title, const char *subtitle,
               const char *icon, const CmObject *object)
{
  GtkWidget *row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  if (icon != NULL)
    adw_action_row_add_prefix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name (icon));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                             gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_widget_set_tooltip_text (row, _ ("Select this object"));
  g_object_set_data (G_OBJECT (row), "object", (gpointer)object);
  g_signal_connect (row, "activated", G_CALLBACK (primitive_row_activated), self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
}

static void
copy_text (GtkButton *button, CaromInspector *self)
{
  (void)self;
  const char *text = g_object_get_data (G_OBJECT (button), "text");
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (button)), text);
  g_signal_emit (self, carom_inspector_signals[MESSAGE], 0,
                 g_object_get_data (G_OBJECT (button), "latex") ? _ ("Copied as LaTeX")
                                                                : _ ("Copied as text"));
}

static GtkWidget *
copy_button (CaromInspector *self, const char *label, const char *tooltip, char *text,
             gboolean latex)
{
  GtkWidget *button = gtk_button_new_with_label (label);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_widget_add_css_class (button, "flat");
  g_object_set_data_full (G_OBJECT (button), "text", text, g_free);
  if (latex)
    g_object_set_data (G_OBJECT (button), "latex", GINT_TO_POINTER (1));
  g_signal_connect (button, "clicked", G_CALLBACK (copy_text), self);
  return button;
}

/* The maths of the hit at step: the formulas with the numbers the cast used
 * (carom-explain.h, the same text as `carom trace --explain`), the broad
 * phase's counts, and the candidates that lost, each one click from its
 * object. */
/* The maths as read-only, selectable text. A line too long for the panel
 * (17-digit numbers) wraps with a hanging indent, so its continuation is
 * not read as a line of its own; a GtkLabel cannot indent wrapped lines,
 * a GtkTextView can. */
static GtkWidget *
maths_view_new (const char *text)
{
  GtkWidget *view = gtk_text_view_new ();
  gtk_text_view_set_editable (GTK_TEXT_VIEW (view), FALSE);
  gtk_text_view_set_cursor_visible (GTK_TEXT_VIEW (view), FALSE);
  gtk_text_view_set_monospace (GTK_TEXT_VIEW (view), TRUE);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (view, "maths");
  gtk_widget_set_name (view, "maths");
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)), text, -1);
  /* Four characters of hanging indent: the first line of each paragraph
   * starts at the margin, its wrapped lines four characters in. */
  PangoLayout *layout = gtk_widget_create_pango_layout (view, "0000");
  PangoFontDescription *mono = pango_font_description_from_string ("Monospace");
  pango_layout_set_font_description (layout, mono);
  int indent = 0;
  pango_layout_get_pixel_size (layout, &indent, NULL);
  pango_font_description_free (mono);
  g_object_unref (layout);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 12);
  gtk_text_view_set_indent (GTK_TEXT_VIEW (view), -indent);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (view), 12);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (view), 12);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (view), 12);
  gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("The maths of the hit"), -1);
  return view;
}

/* The circle cast of a hit on an arc (an arc edge's offset or a vertex
 * cap), quantity by quantity (geometry.md, "Curved
 * edges"): the circle, the quadratic, the root used and why, the sweep
 * test. The same numbers as the maths below, from the same cast. */
static void
circle_cast_group (CaromInspector *self, const CaromCastExplanation *e, int digits)
{
  if (!e->result.hit || e->prim.kind != CG_PRIM_ARC)
    return;
  const CgPrimitive *cp = &e->prim;
  const CgCastRecord *rec = &e->result.rec;
  const CmObject *object = cm_scene_trace_polygon (e->trace, cp->object);
  double r = e->radius;
#define N(v) carom_explain_number_digits ((v), digits)
  GtkWidget *group = carom_inspector_group_new (
      self->hit_box, _ ("Circle Cast"),
      _ ("Where the ray c + t d meets the circle |p − q| = ρ the centre may not cross"));
  g_autofree char *q = g_strdup_printf ("(%s, %s)", N (cp->q.x), N (cp->q.y));
  carom_inspector_value_row_explained (group, _ ("Centre q"), NULL, q);
  g_autofree char *why_rho = NULL;
  if (cp->part != CG_PART_EDGE)
    why_rho = g_strdup (_ ("A vertex cap, the ball touching the vertex itself: ρ = r"));
  else
    {
      double R = object != NULL && object->edges != NULL && cp->element < object->n_points
                     ? object->edges[cp->element].R
                     : 0.0;
      g_autofree char *sum
          = g_strdup_printf (cp->inside ? "R − r = %s − %s" : "R + r = %s + %s", N (R), N (r));
      why_rho = g_strdup_printf (cp->inside ? _ ("A concave arc, its front inside its circle: "
                                                 "ρ = %s")
                                            : _ ("A convex arc, its front outside its circle: "
                                                 "ρ = %s"),
                                 sum);
    }
  g_autofree char *rho = N (cp->rho);
  carom_inspector_value_row_explained (group, _ ("Radius ρ"), why_rho, rho);
  g_autofree char *m = g_strdup_printf ("(%s, %s)", N (rec->m.x), N (rec->m.y));
  carom_inspector_value_row_explained (group, "m = c − q", NULL, m);
  g_autofree char *b = N (rec->b);
  carom_inspector_value_row_explained (group, "b = m·d", NULL, b);
  g_autofree char *cc = N (rec->cc);
  carom_inspector_value_row_explained (group, "cc = |m|² − ρ²", NULL, cc);
  g_autofree char *disc = N (rec->disc);
  carom_inspector_value_row_explained (group, _ ("Discriminant b² − cc"),
                                       _ ("Not negative: the ray meets the circle"), disc);
  g_autofree char *t0 = N (rec->t0);
  g_autofree char *t1 = N (rec->t1);
  carom_inspector_value_row_explained (group, "t₀ = −b − √(b² − cc)", _ ("The entry"), t0);
  carom_inspector_value_row_explained (group, "t₁ = −b + √(b² − cc)", _ ("The exit"), t1);
  g_autofree char *used = g_strdup_printf ("t = %s", N (rec->t));
  carom_inspector_value_row_explained (
      group, rec->larger_root ? _ ("Root Used: t₁, the Exit") : _ ("Root Used: t₀, the Entry"),
      rec->larger_root ? _ ("The front is inside the circle: the ball reaches it from within")
                       : _ ("The front is outside the circle: the ball enters it"),
      used);
  if (!cp->full)
    {
      g_autofree char *phi = N (rec->phi * 180.0 / G_PI);
      g_autofree char *sweep = N (cp->sweep * 180.0 / G_PI);
      g_autofree char *test = g_strdup_printf ("0 ≤ %s° ≤ %s°", phi, sweep);
      carom_inspector_value_row_explained (
          group, _ ("Sweep Test"),
          _ ("p lies within the arc: its turn φ from the arc’s start is at most the sweep"), test);
    }
  else
    carom_inspector_value_row_explained (
        group, _ ("Sweep Test"), _ ("A whole circle: every p is on it"), C_ ("sweep test", "none"));
#undef N
}

static void
explain_hit (CaromInspector *self, const CmSceneTrace *trace, guint step)
{
  CaromCastExplanation e;
  if (!carom_explain_cast (trace, self->ball, step, &e))
    return;
  /* Shown to the digits of Preferences; Copy and LaTeX keep every digit. */
  int digits = self->settings != NULL ? (int)g_settings_get_uint (self->settings, "digits")
                                      : CAROM_EXPLAIN_DIGITS_DEFAULT;
  circle_cast_group (self, &e, digits);
  char *text = carom_explain_format (&e, CAROM_EXPLAIN_TEXT, CAROM_EXPLAIN_REJECTED_MAX);
  char *latex = carom_explain_format (&e, CAROM_EXPLAIN_LATEX, CAROM_EXPLAIN_REJECTED_MAX);
  g_autofree char *shown
      = carom_explain_format_digits (&e, CAROM_EXPLAIN_TEXT, CAROM_EXPLAIN_REJECTED_MAX, digits);

  GtkWidget *maths = carom_inspector_group_new (self->hit_box, _ ("The Maths"), NULL);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_box_append (GTK_BOX (buttons),
                  copy_button (self, _ ("Copy"), _ ("Copy the maths as plain text"), text, FALSE));
  gtk_box_append (GTK_BOX (buttons),
                  copy_button (self, _ ("LaTeX"), _ ("Copy the maths as LaTeX"), latex, TRUE));
  adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (maths), buttons);
  GtkWidget *frame = gtk_frame_new (NULL);
  gtk_widget_add_css_class (frame, "card");
  gtk_frame_set_child (GTK_FRAME (frame), maths_view_new (shown));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (maths), frame);

  /* What the BVH saved: these counts against brute force's. */
  const CgCastStats *st = &e.result.stats;
  g_autofree char *saving
      = g_strdup_printf (_ ("Brute force would test all %zu primitives"), e.n_primitives);
  GtkWidget *broad = carom_inspector_group_new (self->hit_box, _ ("Broad Phase"), saving);
  g_autofree char *boxes = g_strdup_printf ("%u", st->boxes_tested);
  g_autofree char *nodes = g_strdup_printf ("%u", st->nodes_visited);
  g_autofree char *prims = g_strdup_printf (_ ("%u of %zu"), st->primitives_tested, e.n_primitives);
  carom_inspector_value_row_explained (
      broad, _ ("Boxes Tested"), _ ("Ray–box tests: the root’s box, then four per node opened"),
      boxes);
  carom_inspector_value_row_explained (
      broad, _ ("Nodes and Leaves Opened"),
      _ ("BVH nodes opened, and leaves whose primitives were tested"), nodes);
  carom_inspector_value_row_explained (broad, _ ("Primitives Tested"),
                                       _ ("Exact casts against offset segments and arcs"), prims);

  g_autoptr (GArray) rejected = carom_explain_rejected (&e);
  if (rejected->len > 0)
    {
      GtkWidget *list
          = carom_inspector_group_new (self->hit_box, _ ("Rejected Candidates"),
                                       _ ("Nearest first; click one to select its object"));
      for (guint i = 0; i < rejected->len && i < CANDIDATE_ROWS_MAX; i++)
        {
          guint k = g_array_index (rejected, guint, i);
          const CmObject *object;
          g_autofree char *where = carom_explain_tested_name (&e, k, &object);
          g_autofree char *name = g_strdup_printf ("%s, %s", object->id, where);
          g_autofree char *reason = carom_explain_tested_reason (&e, k, digits);
          primitive_row (self, list, name, reason, NULL, object);
        }
    }
  carom_cast_explanation_clear (&e);
}

void
carom_inspector_refresh_hit (CaromInspector *self)
{
  carom_inspector_clear_box (self->hit_box);
  const CaromBallTrace *bt = carom_inspector_current_ball (self);
  if (bt == NULL)
    {
      carom_inspector_status_page (self->hit_box, "mark-location-symbolic", _ ("No Ball"),
                                   _ ("Add a ball to the scene to trace its bounces."));
      return;
    }
  const CgTrace *t = &bt->trace;
  guint step = MIN (self->step, (guint)t->n_hits);
  if (step == 0)
    {
      GtkWidget *group = carom_inspector_group_new (self->hit_box, _ ("Start"), bt->ball->id);
      g_autofree char *start = carom_inspector_format_point (t->start);
      g_autofree char *dir = carom_inspector_format_point (t->direction);
      g_autofree char *radius = carom_inspector_format_number (t->radius);
      carom_inspector_value_row (group, _ ("Centre"), start);
      carom_inspector_value_row (group, _ ("Direction"), dir);
      carom_inspector_value_row (group, _ ("Radius"), radius);
    }
  else
    {
      const CgHit *hit = &t->hits[step - 1];
      const CmSceneTrace *trace = carom_document_get_trace (self->document);
      const CmObject *object = cm_scene_trace_polygon (trace, hit->object);
      g_autofree char *title = g_strdup_printf (_ ("Hit %u"), hit->index);
      GtkWidget *group = carom_inspector_group_new (self->hit_box, title, bt->ball->id);
      g_autofree char *prim = NULL;
      g_autofree char *what
          = g_strdup_printf ("%s (%s)", object->id, carom_inspector_role_label (object));
      g_autofree char *point = carom_inspector_format_point (hit->point);
      g_autofree char *normal = carom_inspector_format_point (hit->normal);
      g_autofree char *distance = carom_inspector_format_number (hit->distance);
      g_autofree char *in = carom_inspector_format_point (hit->in);
      g_autofree char *out = carom_inspector_format_point (hit->out);
      primitive_row (self, group, _ ("Object"), what, NULL, object);
      carom_inspector_value_row (group, _ ("Primitive"), primitive_text (hit, &prim));
      /* The ball's centre when it touches (hit->point), not the point touched. */
      carom_inspector_value_row (group, _ ("Centre at Contact"), point);
      carom_inspector_value_row (group, _ ("Normal n"), normal);
      carom_inspector_value_row (group, _ ("Distance t"), distance);
      carom_inspector_value_row (group, _ ("Direction In d"), in);
      carom_inspector_value_row (group, _ ("Direction Out d′ = d − 2(d·n)n"), out);
      carom_inspector_value_row_explained (
          group, C_ ("hit", "Action"),
          hit->reflected ? (hit->role == CG_ROLE_WALL
                                ? _ ("A wall: the ball bounces off it")
                                : _ ("An obstacle set to Reflect: the ball bounces off it"))
                         : _ ("An obstacle set to Stop: the ball stops here"),
          hit->reflected ? C_ ("on hit", "Reflect") : C_ ("on hit", "Stop"));
      explain_hit (self, trace, step);
    }

  GtkWidget *list = carom_inspector_group_new (self->hit_box, _ ("All Hits"), NULL);
  for (size_t k = 0; k < t->n_hits && k < HIT_ROWS_MAX; k++)
    {
      const CgHit *hit = &t->hits[k];
      g_autofree char *title = g_strdup_printf (_ ("Hit %u"), hit->index);
      g_autofree char *point = carom_inspector_format_point (hit->point);
      GtkWidget *row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), point);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      if (k + 1 == step)
        adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                   gtk_image_new_from_icon_name ("object-select-symbolic"));
      g_object_set_data (G_OBJECT (row), "step", GUINT_TO_POINTER ((guint)(k + 1)));
      g_signal_connect (row, "activated", G_CALLBACK (hit_row_activated), self);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (list), row);
    }
  g_autofree char *ending
      = g_strdup_printf (_ ("The trace ended: %s."), cg_trace_status_name (t->status));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (list), ending);
  /* Tooltips whole in any script (carom-accessible.h). */
  carom_tooltips_keep_whole (GTK_WIDGET (self->hit_box));
}
