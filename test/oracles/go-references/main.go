// Every package-level declaration of one Go package with each identifier that refers to it, as
// go/types resolves them: the oracle of test/oracles/go-rename.corpus.test.ts. The package is the
// folder named by the first argument, its files those go/build selects for this system (tests
// left out); imports come from the standard library's export data. Printed as one JSON object:
// the files read, and per declaration its name, kind, the offsets (file:byte) of its name where
// declared and used, and whether a local of the same name is declared anywhere in the package.
package main

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
)

type declaration struct {
	Name     string   `json:"name"`
	Kind     string   `json:"kind"`
	Places   []string `json:"places"`
	Shadowed bool     `json:"shadowed"`
}

type output struct {
	Files        []string      `json:"files"`
	Declarations []declaration `json:"declarations"`
}

func main() {
	dir := os.Args[1]
	pkg, err := build.ImportDir(dir, 0)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range pkg.GoFiles {
		file, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, 0)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		files = append(files, file)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	checked, err := (&types.Config{Importer: importer.Default()}).Check(pkg.ImportPath, fset, files, info)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	scope := checked.Scope()
	places := map[types.Object][]string{}
	locals := map[string]bool{}
	place := func(ident *ast.Ident) string {
		position := fset.Position(ident.Pos())
		return fmt.Sprintf("%s:%d", filepath.Base(position.Filename), position.Offset)
	}
	for ident, object := range info.Defs {
		if object == nil {
			continue
		}
		if object.Parent() == scope {
			places[object] = append(places[object], place(ident))
		} else if _, isVar := object.(*types.Var); isVar && object.Parent() != nil {
			locals[object.Name()] = true
		}
	}
	for ident, object := range info.Uses {
		if _, ok := places[object]; ok {
			places[object] = append(places[object], place(ident))
		}
	}
	result := output{Files: pkg.GoFiles, Declarations: []declaration{}}
	for object, where := range places {
		kind := "var"
		switch object.(type) {
		case *types.Const:
			kind = "const"
		case *types.Func:
			kind = "func"
		case *types.TypeName:
			kind = "type"
		}
		sort.Strings(where)
		result.Declarations = append(result.Declarations, declaration{Name: object.Name(), Kind: kind, Places: where, Shadowed: locals[object.Name()]})
	}
	sort.Slice(result.Declarations, func(i, j int) bool { return result.Declarations[i].Places[0] < result.Declarations[j].Places[0] })
	json.NewEncoder(os.Stdout).Encode(result)
}
