#!/usr/bin/env bash
# Installs what the oracle tests (test/oracles/*.corpus.test.ts) need beyond npm: an interpreter
# that can import jedi (Debian python3-jedi), the Debian Python packages used as corpora
# (python3-jinja2, python3-markdown, python3-distro, python3-pip), rustc and two Rust crates' sources, Go 1.19. Debian's /usr/bin/python3 is preferred: its jedi and standard
# library are pinned by Debian, so every machine counts the same.
set -euo pipefail

packages=()
# --corpora: also the Debian packages whose sources scripts/measure-grammars.mjs measures grammars on
# (Go's, Rust's, the JDK's, Ruby's and OCaml's standard libraries, luarocks' Lua; javac, the oracle of
# test/semantic/java-javac.corpus.test.ts), the npm packages
# that carry TSX, Kotlin, Swift, C#, Zig and application C++ sources, and the Scala and Elixir
# source tarballs of Debian's archive (scripts/fetch-npm-corpora.mjs).
if [ "${1:-}" = "--corpora" ]; then
  node "$(dirname "$0")/fetch-npm-corpora.mjs"
  for package in golang-1.19-src rust-src openjdk-17-source openjdk-17-jdk-headless ruby3.1 luarocks ocaml-nox; do
    dpkg -s "$package" >/dev/null 2>&1 || packages+=("$package")
  done
fi
/usr/bin/python3 -c 'import jedi' 2>/dev/null || packages+=(python3-jedi)
/usr/bin/python3 -c 'import jinja2' 2>/dev/null || packages+=(python3-jinja2)
/usr/bin/python3 -c 'import markdown' 2>/dev/null || packages+=(python3-markdown)
/usr/bin/python3 -c 'import distro' 2>/dev/null || packages+=(python3-distro)
# The oracles of constructors made from fields: pip's vendored packages' dataclasses (Python's own
# signatures), two Rust crates with their sources that rustc checks alone, and Go's compiler with
# its standard library's sources.
/usr/bin/python3 -c 'import pip' 2>/dev/null || packages+=(python3-pip)
command -v rustc >/dev/null 2>&1 || packages+=(rustc)
# The example C programs of -dev packages (/usr/share/doc/*/examples), the corpus of
# test/oracles/c-moves.corpus.test.ts.
for package in librust-regex-syntax-dev librust-semver-dev golang-1.19-go golang-1.19-src zlib1g-dev libpng-dev libexpat1-dev liblzma-dev nettle-dev libidn2-dev; do
  dpkg -s "$package" >/dev/null 2>&1 || packages+=("$package")
done

if [ ${#packages[@]} -eq 0 ]; then
  echo "ensure-oracles: /usr/bin/python3 has jedi $(/usr/bin/python3 -c 'import jedi; print(jedi.__version__)'), jinja2, markdown, distro and pip; $(rustc --version), the crates' sources, Go 1.19 and the -dev packages' C examples are here"
  exit 0
fi

sudo=()
if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
echo "ensure-oracles: installing ${packages[*]}"
if ! { "${sudo[@]}" apt-get update -qq && DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${packages[@]}"; }; then
  # Without apt, python3 on the PATH may still have jedi (the tests use it then, and say which).
  if python3 -c 'import jedi' 2>/dev/null; then
    echo "ensure-oracles: apt-get failed; using $(command -v python3) (jedi $(python3 -c 'import jedi; print(jedi.__version__)'))" >&2
    exit 0
  fi
  echo "ensure-oracles: apt-get install ${packages[*]} failed and no python3 can import jedi" >&2
  exit 1
fi
