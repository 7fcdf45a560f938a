// The Go type checker's "missing return" errors of each file read from stdin, as JSON lines out:
// the oracle of test/oracles/missing-returns.corpus.test.ts. Each file is checked alone, its
// imports unresolved: go/types still checks every function body, and a function with results
// that can run off its end is reported whatever else is wrong.
package main

import (
	"encoding/json"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"strings"
)

type input struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

type output struct {
	Name   string `json:"name"`
	Parsed bool   `json:"parsed"`
	Lines  []int  `json:"lines"`
}

type noImports struct{}

func (noImports) Import(path string) (*types.Package, error) {
	return nil, errors.New("not read")
}

func main() {
	decoder := json.NewDecoder(os.Stdin)
	encoder := json.NewEncoder(os.Stdout)
	for {
		var file input
		if err := decoder.Decode(&file); err != nil {
			return
		}
		fset := token.NewFileSet()
		parsed, err := parser.ParseFile(fset, file.Name, file.Text, 0)
		result := output{Name: file.Name, Parsed: err == nil, Lines: []int{}}
		if err == nil {
			config := types.Config{Importer: noImports{}, Error: func(err error) {
				var typed types.Error
				if errors.As(err, &typed) && strings.Contains(typed.Msg, "missing return") {
					result.Lines = append(result.Lines, fset.Position(typed.Pos).Line)
				}
			}}
			config.Check("oracle", fset, []*ast.File{parsed}, nil)
		}
		encoder.Encode(result)
	}
}
