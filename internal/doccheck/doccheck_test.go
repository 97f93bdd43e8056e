package doccheck

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// public lists the folders, relative to the module root, of the packages
// a user of the module imports.
var public = []string{
	".", "board", "table", "pdb", "search", "reduce", "notation",
	"analyse", "embedded", "engine", "generated",
}

// module is the path of the module the public packages belong to.
const module = "github.com/slidingpuzzle/solver"

// A fault is one place where the exported surface falls short.
type fault struct {
	pos   token.Position
	ident string // the exported name whose doc is at fault, or Type.Field
	word  string // the unexported identifier named, or "" for an undocumented field
}

// String says where f is and what is wrong there.
func (f fault) String() string {
	if f.word == "" {
		return fmt.Sprintf("%s: exported field %s has no doc or line comment", f.pos, f.ident)
	}
	return fmt.Sprintf("%s: doc of %s names unexported identifier %s", f.pos, f.ident, f.word)
}

// TestSurface checks every public package and reports each fault.
func TestSurface(t *testing.T) {
	root := filepath.Join("..", "..")
	for _, dir := range public {
		fset := token.NewFileSet()
		files, err := parseDir(fset, filepath.Join(root, dir))
		if err != nil {
			t.Errorf("%s: %v", dir, err)
			continue
		}
		if len(files) == 0 {
			t.Errorf("%s: no Go files; is the list of public packages stale?", dir)
			continue
		}
		for _, f := range check(fset, files) {
			t.Error(f)
		}
	}
}

// parseDir parses the Go files of dir, tests left out, with comments. It
// reads the folder itself because parser.ParseDir is deprecated; build
// tags do not matter here, so files for every platform are read.
func parseDir(fset *token.FileSet, dir string) ([]*ast.File, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}

// check returns the faults of one package's files in source order; fset
// holds their positions.
func check(fset *token.FileSet, files []*ast.File) []fault {
	hidden := unexported(files)
	var faults []fault
	for _, f := range files {
		c := checker{fset: fset, hidden: hidden, pkgs: map[string]bool{}}
		for _, dir := range public {
			c.pkgs[path.Base(path.Join(module, dir))] = true
		}
		for _, imp := range f.Imports {
			c.pkgs[importName(imp)] = true
		}
		delete(c.pkgs, f.Name.Name) // p.fastStage in p's doc is p's own
		c.file(f)
		slices.SortStableFunc(c.faults, func(a, b fault) int { return a.pos.Offset - b.pos.Offset })
		faults = append(faults, c.faults...)
	}
	return faults
}

// unexported returns the unexported identifiers declared in files whose
// names hold an uppercase letter or a digit: top-level funcs, types, vars
// and consts, methods, struct fields and interface methods. A name of
// lowercase letters only is left out, since it reads as an English word.
func unexported(files []*ast.File) map[string]bool {
	names := map[string]bool{}
	add := func(id *ast.Ident) {
		if id != nil && id.Name != "_" && !id.IsExported() && strings.ContainsFunc(id.Name, func(r rune) bool {
			return unicode.IsUpper(r) || unicode.IsDigit(r)
		}) {
			names[id.Name] = true
		}
	}
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				add(d.Name)
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						add(s.Name)
					case *ast.ValueSpec:
						for _, id := range s.Names {
							add(id)
						}
					}
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.StructType:
				for _, fld := range n.Fields.List {
					for _, id := range fld.Names {
						add(id)
					}
				}
			case *ast.InterfaceType:
				for _, m := range n.Methods.List {
					for _, id := range m.Names {
						add(id)
					}
				}
			}
			return true
		})
	}
	return names
}

// importName returns the name a file refers to an import by.
func importName(imp *ast.ImportSpec) string {
	if imp.Name != nil {
		return imp.Name.Name
	}
	p, _ := strconv.Unquote(imp.Path.Value)
	return path.Base(p)
}

// A checker gathers the faults of one file.
type checker struct {
	fset   *token.FileSet
	hidden map[string]bool // the package's unexported identifiers
	pkgs   map[string]bool // package names that qualify another package's identifiers
	params map[string]bool // the parameter names of the func being checked, which its doc may name
	faults []fault
}

// file checks the package comment and every exported declaration of f.
func (c *checker) file(f *ast.File) {
	c.doc(f.Doc, "package "+f.Name.Name)
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if !d.Name.IsExported() {
				continue
			}
			name := d.Name.Name
			if d.Recv != nil && len(d.Recv.List) > 0 {
				recv := baseName(d.Recv.List[0].Type)
				if recv == nil || !recv.IsExported() {
					continue
				}
				name = recv.Name + "." + name
			}
			c.params = map[string]bool{}
			for _, list := range []*ast.FieldList{d.Recv, d.Type.TypeParams, d.Type.Params, d.Type.Results} {
				if list == nil {
					continue
				}
				for _, fld := range list.List {
					for _, id := range fld.Names {
						c.params[id.Name] = true
					}
				}
			}
			c.doc(d.Doc, name)
			c.params = nil
		case *ast.GenDecl:
			first := ""
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					if !s.Name.IsExported() {
						continue
					}
					if first == "" {
						first = s.Name.Name
					}
					c.doc(s.Doc, s.Name.Name)
					c.doc(s.Comment, s.Name.Name)
					c.typ(s.Type, s.Name.Name)
				case *ast.ValueSpec:
					for _, id := range s.Names {
						if !id.IsExported() {
							continue
						}
						if first == "" {
							first = id.Name
						}
						c.doc(s.Doc, id.Name)
						c.doc(s.Comment, id.Name)
						break
					}
				}
			}
			if first != "" {
				c.doc(d.Doc, first)
			}
		}
	}
}

// typ checks the exported fields of a struct type and the exported
// methods of an interface type, named under prefix, and the struct types
// inside them.
func (c *checker) typ(t ast.Expr, prefix string) {
	switch t := t.(type) {
	case *ast.StarExpr:
		c.typ(t.X, prefix)
	case *ast.ArrayType:
		c.typ(t.Elt, prefix)
	case *ast.MapType:
		c.typ(t.Value, prefix)
	case *ast.ChanType:
		c.typ(t.Value, prefix)
	case *ast.InterfaceType:
		for _, m := range t.Methods.List {
			for _, id := range m.Names {
				if id.IsExported() {
					c.doc(m.Doc, prefix+"."+id.Name)
					c.doc(m.Comment, prefix+"."+id.Name)
					break
				}
			}
		}
	case *ast.StructType:
		for _, fld := range t.Fields.List {
			var names []string
			for _, id := range fld.Names {
				if id.IsExported() {
					names = append(names, prefix+"."+id.Name)
				}
			}
			if fld.Names == nil { // embedded
				if id := baseName(fld.Type); id != nil && id.IsExported() {
					names = append(names, prefix+"."+id.Name)
				}
			}
			if names == nil {
				continue
			}
			ident := strings.Join(names, ", ")
			if fld.Doc == nil && fld.Comment == nil {
				c.faults = append(c.faults, fault{pos: c.fset.Position(fld.Pos()), ident: ident})
			}
			c.doc(fld.Doc, ident)
			c.doc(fld.Comment, ident)
			c.typ(fld.Type, names[0])
		}
	}
}

// baseName returns the type name under pointers, qualifiers and type
// arguments: T for *T, pkg.T and T[K].
func baseName(t ast.Expr) *ast.Ident {
	for {
		switch x := t.(type) {
		case *ast.Ident:
			return x
		case *ast.StarExpr:
			t = x.X
		case *ast.SelectorExpr:
			return x.Sel
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.ParenExpr:
			t = x.X
		default:
			return nil
		}
	}
}

// doc records a fault for each whole word of cg that names one of the
// package's unexported identifiers. A word qualified by a package name,
// as in strings.indexFunc, belongs to that package and is let through;
// one qualified by anything else, as in Solver.fastStage, is not. So is
// a parameter of the func being checked, named in its signature.
func (c *checker) doc(cg *ast.CommentGroup, ident string) {
	if cg == nil {
		return
	}
	for _, cm := range cg.List {
		text := cm.Text
		start := -1 // where the word being read begins, or -1 between words
		for i, r := range text + " " {
			switch {
			case isWord(r):
				if start < 0 {
					start = i
				}
			case start >= 0:
				word := text[start:i]
				q := qualifier(text, start)
				if c.hidden[word] && !c.pkgs[q] && (q != "" || !c.params[word]) {
					c.faults = append(c.faults, fault{
						pos:   c.fset.Position(cm.Slash + token.Pos(start)),
						ident: ident,
						word:  word,
					})
				}
				start = -1
			}
		}
	}
}

// qualifier returns the word just before the dot that precedes
// text[i:], or "" if text[i:] is not preceded by word and dot.
func qualifier(text string, i int) string {
	if i == 0 || text[i-1] != '.' {
		return ""
	}
	j := i - 1
	for j > 0 {
		r, size := utf8.DecodeLastRuneInString(text[:j])
		if !isWord(r) {
			break
		}
		j -= size
	}
	return text[j : i-1]
}

// isWord reports whether r may be part of a Go identifier.
func isWord(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// TestCheck runs check on small packages, each with its faults, to show
// that it finds both kinds and lets the rest through.
func TestCheck(t *testing.T) {
	const hidden = `
func solveWeighted() {}
func board() {}
type fastStage struct{ beamCells, cheapNodes int }
type inner interface{ walk2() }
var maxNodes int64
`
	tests := []struct {
		name, src string
		want      []string // line: ident: word, the word "" for an undocumented field
	}{
		{"clean", `
// Package p solves boards.
package p

// Solve tries the weighted searches in turn; board and cut are words.
func Solve() {}

// T is a shape.
type T struct {
	Rows, Cols int // the size
	// Tiles holds the tiles.
	Tiles []byte
	// Shape is embedded.
	*Shape
	small    int
	fastStage
}

// Shape is a shape.
type Shape struct {
	N int /* cells */
}
`, nil},
		{"doc names", `
// Package p holds fastStage.
package p
import "strings"

// Solve calls solveWeighted, then Solver.beamCells; solveWeightedly and
// strings.maxNodes are not names of p, walk2 and p.walk2 are.
func Solve() {}

// Solver uses cheapNodes.
type Solver struct{}

// Nodes is a method on an exported type: it reads maxNodes.
func (s *Solver) Nodes() {}

// Within visits at most maxNodes nodes, its parameter, not s.maxNodes.
func (s *Solver) Within(maxNodes int64) {}

// nodes is unexported: its maxNodes is fine.
func (s *Solver) nodes() {}

// Run is a method on an unexported type: its maxNodes is fine.
func (fastStage) Run() {}

// Limits are fastStage's.
const (
	// Max is maxNodes.
	Max = 1
	Min = 0 // at least beamCells
	low = 0 // beamCells is fine here
)
`, []string{
			"2: package p: fastStage",
			"6: Solve: solveWeighted",
			"6: Solve: beamCells",
			"7: Solve: walk2",
			"7: Solve: walk2",
			"10: Solver: cheapNodes",
			"13: Solver.Nodes: maxNodes",
			"16: Solver.Within: maxNodes",
			"25: Max: fastStage",
			"27: Max: maxNodes",
			"29: Min: beamCells",
		}},
		{"fields", `
package p

type T struct {
	Rows, Cols int
	Tiles []byte // the tiles
	*Shape
	Inner struct {
		Depth int
		// Nodes counts solveWeighted's nodes.
		Nodes int64
	} // nested
}

type Shape struct{ N int }

type I interface {
	// Walk walks fastStage.
	Walk()
}
`, []string{
			"5: T.Rows, T.Cols: ",
			"7: T.Shape: ",
			"9: T.Inner.Depth: ",
			"10: T.Inner.Nodes: solveWeighted",
			"15: Shape.N: ",
			"18: I.Walk: fastStage",
		}},
	}
	for _, tt := range tests {
		fset := token.NewFileSet()
		var files []*ast.File
		for i, src := range []string{tt.src, "package p\n" + hidden} {
			f, err := parser.ParseFile(fset, fmt.Sprintf("%s%d.go", tt.name, i), src, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		var got []string
		for _, f := range check(fset, files) {
			if f.pos.Filename != tt.name+"0.go" {
				t.Errorf("%s: fault outside the file checked: %v", tt.name, f)
				continue
			}
			got = append(got, fmt.Sprintf("%d: %s: %s", f.pos.Line, f.ident, f.word))
		}
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%s: got faults\n%s\nwant\n%s", tt.name, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
		}
	}
}
