package table

import "unsafe"

// pairs9 is a Pairs as keyPairs9 reads it, by the goal's blank cell c:
// to[c] and from[c] a byte each, cell[c] and class[c] a word each, and
// the renaming that leaves the cells of a board as they are (and those
// of none, 9 to 15, at 15).
type pairs9 struct {
	to, from [16][2]uint64
	cell     [16][16]uint32
	class    [16]uint32
	ident    [16]uint8
}

// The offsets keyPairs9 reads pairs9's fields at: each line fails to
// compile if its field lies elsewhere.
var (
	_ = [1]int{}[unsafe.Offsetof(pairs9{}.from)-256]
	_ = [1]int{}[unsafe.Offsetof(pairs9{}.cell)-512]
	_ = [1]int{}[unsafe.Offsetof(pairs9{}.class)-1536]
	_ = [1]int{}[unsafe.Offsetof(pairs9{}.ident)-1600]
)

// newPairs9 returns p's pairs9.
func newPairs9(p *Pairs) *pairs9 {
	e := new(pairs9)
	for i := range e.ident {
		e.ident[i] = 15
		if i < 9 {
			e.ident[i] = uint8(i)
		}
	}
	for b := range 9 {
		c := &p.by[b]
		for i := range 9 {
			e.to[b][i/8] |= uint64(c.to[i]) << (8 * (i % 8))
			e.from[b][i/8] |= uint64(c.from[i]) << (8 * (i % 8))
		}
		for i := range c.cell {
			e.cell[b][i] = uint32(c.cell[i])
		}
		e.class[b] = uint32(c.v.class)
	}
	return e
}
