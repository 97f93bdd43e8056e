//go:build !amd64 || purego

package table

// levels9 is buildFast9's build by levels, which needs amd64's AVX-512:
// here it reports false, and buildFast9 walks the table's tree.
func (t *Table) levels9(paths, moves []uint64) (found int, ok bool, err error) {
	return 0, false, nil
}
