package table

// A Form is a way of writing a 3x3 board that Goal.KeyBoards reads
// eight at a time: where its cells and the bytes between and after them
// lie in the bytes of its case.
type Form struct {
	f    *form9
	size int
	run  [8]int64 // the offsets of eight boards of f one after another (KeyRun)
}

// Size returns the bytes a board written in f takes, its last line end
// included.
func (f *Form) Size() int {
	if f == nil {
		return 0
	}
	return f.size
}

// KeyRun is KeyBoards for the eight boards written in form f one after
// another at the start of data, as the lines of a judge file are: board
// i at i*f.Size().
func (v *Goal) KeyRun(data []byte, f *Form, keys *[8]Key) (n int, solvable uint8) {
	if f == nil {
		return 0, 0
	}
	return v.KeyBoards(data, &f.run, f, keys)
}

// The forms judges write 3x3 boards in most.
var (
	FormSpaced     = newForm("c c c c c c c c c\n") // "2 3 4 1 5 x 7 6 8"
	FormCompact    = newForm("ccccccccc\n")         // "23415x768"
	FormSpacedRows = newForm("c c c\nc c c\nc c c\n")
	FormRows       = newForm("ccc\nccc\nccc\n")
)

// A form9 is a Form as keyBoards9 reads it from the three quadwords at
// the start of a case, its bytes 0-7 (a), 8-15 (b) and 16-23 (c), of
// eight cases at once: lo[8k+j] is where cell j of case k lies in a and b
// (a byte of a, or 64 and a byte of b), hi[8k] where its cell 8 lies in b
// and c, and the bytes of a, b and c under mask must be want.
type form9 struct {
	lo, hi [64]uint8
	mask   [3]uint64
	want   [3]uint64
}

// newForm makes the Form of template, in which each 'c' is a cell, in
// order, and any other byte must be itself. The first eight cells must
// lie in its first 16 bytes, the ninth in bytes 8-23.
func newForm(template string) *Form {
	f := new(form9)
	var at []int
	for i := range len(template) {
		if template[i] == 'c' {
			at = append(at, i)
			continue
		}
		f.mask[i/8] |= 0xff << (8 * (i % 8))
		f.want[i/8] |= uint64(template[i]) << (8 * (i % 8))
	}
	if len(at) != 9 || at[7] >= 16 || at[8] < 8 || len(template) > 24 {
		panic("table: a 3x3 form's cells lie out of reach: " + template)
	}
	for k := range 8 {
		for j := range 8 {
			f.lo[8*k+j] = uint8(8*k + at[j]%8 + 64*(at[j]/8))
		}
		f.hi[8*k] = uint8(8*k + at[8]%8 + 64*(at[8]/8-1))
	}
	form := &Form{f: f, size: len(template)}
	for i := range form.run {
		form.run[i] = int64(i * form.size)
	}
	return form
}
