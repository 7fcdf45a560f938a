import { describe, expect, it } from 'vitest';
import { goCompiledUnder } from '../../src/core/languages/profiles/go.js';

// Where go/build compiles a file: its name, then its head's constraint lines (input → output).
const cases: Array<[path: string, text: string, conditions: string[], lines: string]> = [
  ['m/exec.go', 'package m\n', [], ''],
  ['m/linux.go', 'package m\n', [], ''],
  ['m/exec_linux.go', 'package m\n', ['linux'], ''],
  ['m/zero_windows_amd64.go', 'package m\n', ['amd64', 'windows'], ''],
  ['m/sys_amd64_test.go', 'package m\n', ['amd64', 'go test (a _test.go file)'], ''],
  ['m/example_test.go', 'package m_test\n', ['go test, as the external test package'], ''],
  ['m/_old.go', 'package m\n', ['a build that reads files whose names start with _ or . (go build never does)'], ''],
  ['m/exec_unix.go', '// Copyright\n\n//go:build !plan9 && !windows\n\npackage m\n', ['!plan9', '!windows'], '//go:build !plan9 && !windows'],
  ['m/a.go', '//go:build (linux || darwin) && cgo\n// +build linux darwin\n// +build cgo\n\npackage m\n', ['(linux || darwin) && cgo'], '//go:build (linux || darwin) && cgo\n// +build linux darwin\n// +build cgo'],
  ['m/b.go', '// +build linux,amd64\n// +build !race\n\npackage m\n', ['!race', 'amd64', 'linux'], '// +build linux,amd64\n// +build !race'],
  ['m/c.go', 'package m\n\n//go:build linux\n', [], ''],
];

describe('Go build constraints', () => {
  for (const [path, text, conditions, lines] of cases) {
    it(`${path}: ${conditions.join(', ') || 'everywhere'}`, () => {
      expect(goCompiledUnder(path, text)).toEqual({ conditions, lines });
    });
  }
});
