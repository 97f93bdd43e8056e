package board

// Bits is a shape of at most 64 cells as the bits of a word, cell i in
// bit i, for flood fills over sets of cells.
type Bits struct {
	cols                          uint
	full, notFirstCol, notLastCol uint64 // every cell; but those of the first column; of the last
}

// Bits returns s as bits, or the zero Bits (no cells) for a shape that
// is not valid or has more than 64 cells.
func (s Shape) Bits() Bits {
	if !s.Valid() || s.Cells() > 64 {
		return Bits{}
	}
	b := Bits{cols: uint(s.Cols)}
	for c := range s.Cells() {
		b.full |= 1 << c
		if c%s.Cols != 0 {
			b.notFirstCol |= 1 << c
		}
		if c%s.Cols != s.Cols-1 {
			b.notLastCol |= 1 << c
		}
	}
	return b
}

// Full returns every cell.
func (b *Bits) Full() uint64 { return b.full }

// Flood returns the cells of free that a walk from the cells of seed, all
// of them free, through free cells next to each other reaches.
func (b *Bits) Flood(seed, free uint64) uint64 {
	for {
		next := (seed | seed<<1&b.notFirstCol | seed>>1&b.notLastCol | seed<<b.cols | seed>>b.cols) & free
		if next == seed {
			return seed
		}
		seed = next
	}
}
