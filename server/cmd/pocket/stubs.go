package main

import (
	"errors"
	"fmt"
	"io"
)

func runImport(args []string, stdout, stderr io.Writer) error   { return errors.New("not built yet") }
func helpImport(w io.Writer)                                    { fmt.Fprintln(w, "import") }
func runFixtures(args []string, stdout, stderr io.Writer) error { return errors.New("not built yet") }
func helpFixtures(w io.Writer)                                  { fmt.Fprintln(w, "fixtures") }
