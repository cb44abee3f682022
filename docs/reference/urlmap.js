// SPDX-License-Identifier: GPL-3.0-or-later
// Where gi-docgen's pages link the types of libcarom's dependencies to.
baseURLs = [
    ['GLib', 'https://docs.gtk.org/glib/'],
    ['GObject', 'https://docs.gtk.org/gobject/'],
    ['Gio', 'https://docs.gtk.org/gio/'],
];
