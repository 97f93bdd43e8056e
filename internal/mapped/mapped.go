// Package mapped maps files into memory, read only, where the system can,
// and reads them whole where it cannot: the large databases and the kept
// fast lookups are read in place, with no copy, and shared between the
// processes that use them.
package mapped
