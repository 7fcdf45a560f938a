// The Go type checker's errors that a grammar cannot see, for each file read from stdin, as JSON
// lines out: "missing return", "declared but not used", "imported but not used", a name
// "redeclared" or a method "already declared", a constant's "missing init expr". The oracle of
// test/oracles/compiler-rules.corpus.test.ts. A file is checked alone (the rest of its package
// unread), or, when the input names its folder, with the other files of its package there that the
// same build constraints select; imports come from the standard library's export data. go/types
// checks every function body and reports these whatever else is wrong, but alone it cannot type a
// call of a function declared in another file, and then takes the variables it initializes as used:
// the test asks again with the package where the two verdicts differ.
package main

import (
	"encoding/json"
	"errors"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
)

type input struct {
	Name string `json:"name"`
	Text string `json:"text"`
	// The folder of the file's package, and the file's own name there (to leave it out).
	Dir  string `json:"dir"`
	File string `json:"file"`
}

type found struct {
	Line int    `json:"line"`
	Kind string `json:"kind"`
}

type output struct {
	Name   string  `json:"name"`
	Parsed bool    `json:"parsed"`
	Errors []found `json:"errors"`
}

var kinds = map[string]string{"missing return": "missing return", "declared but not used": "unused", "imported but not used": "unused", "redeclared": "duplicate", "already declared": "duplicate", "defined and not used": "unused", "missing init expr": "init", "extra init expr": "init"}

// The other files of the package the file belongs to, as the build for the file's own OS and
// architecture (from its name, else linux/amd64) selects them; its tests only for a test file.
func packageFiles(fset *token.FileSet, file input, own *ast.File) []*ast.File {
	context := build.Default
	context.GOOS, context.GOARCH = "linux", "amd64"
	base := strings.TrimSuffix(strings.TrimSuffix(file.File, ".go"), "_test")
	for _, part := range strings.Split(base, "_")[1:] {
		switch part {
		case "aix", "android", "darwin", "dragonfly", "freebsd", "illumos", "ios", "js", "netbsd", "openbsd", "plan9", "solaris", "windows":
			context.GOOS = part
		case "386", "arm", "arm64", "loong64", "mips", "mipsle", "mips64", "mips64le", "ppc64", "ppc64le", "riscv64", "s390x", "wasm":
			context.GOARCH = part
		}
	}
	context.CgoEnabled = false
	entries, err := os.ReadDir(file.Dir)
	if err != nil {
		return nil
	}
	files := []*ast.File{}
	for _, entry := range entries {
		name := entry.Name()
		if entry.IsDir() || !strings.HasSuffix(name, ".go") || name == file.File || (strings.HasSuffix(name, "_test.go") && !strings.HasSuffix(file.File, "_test.go")) {
			continue
		}
		if matched, err := context.MatchFile(file.Dir, name); err != nil || !matched {
			continue
		}
		parsed, err := parser.ParseFile(fset, filepath.Join(file.Dir, name), nil, 0)
		if err == nil && parsed.Name.Name == own.Name.Name {
			files = append(files, parsed)
		}
	}
	return files
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
		parsed, err := parser.ParseFile(fset, file.Name, file.Text, parser.AllErrors)
		result := output{Name: file.Name, Parsed: err == nil, Errors: []found{}}
		// go/parser itself refuses a constant without a value ("missing constant value", which go/types
		// words "missing init expr for B"): such a file is still checked, with those as its errors.
		var list scanner.ErrorList
		if errors.As(err, &list) && len(list) > 0 {
			valueless := true
			for _, parseError := range list {
				valueless = valueless && parseError.Msg == "missing constant value"
			}
			if valueless {
				result.Parsed = true
				err = nil
			}
		}
		if err == nil {
			files := []*ast.File{parsed}
			if file.Dir != "" {
				files = append(files, packageFiles(fset, file, parsed)...)
			}
			config := types.Config{Importer: importer.Default(), Error: func(err error) {
				var typed types.Error
				if !errors.As(err, &typed) || fset.Position(typed.Pos).Filename != file.Name {
					return
				}
				for message, kind := range kinds {
					if strings.Contains(typed.Msg, message) {
						result.Errors = append(result.Errors, found{Line: fset.Position(typed.Pos).Line, Kind: kind})
					}
				}
			}}
			config.Check("oracle", fset, files, nil)
		}
		encoder.Encode(result)
	}
}
