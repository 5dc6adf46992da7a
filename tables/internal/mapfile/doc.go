// Package mapfile gives the bytes of a saved endgame table file: mapped
// read-only where the system maps files (Unix), read whole elsewhere. Both
// table builders (tables/intl, tables/generic) read their files
// through it. A mapped file must not be rewritten in place while mapped;
// the builders replace a table by renaming a new file over it.
package mapfile
