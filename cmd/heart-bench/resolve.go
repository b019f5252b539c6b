//go:build !js

package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// resolveSection runs the Go benchmarks of /serve and of the Recall tier
// (core/bench_test.go) and reports the time per request, and how resolve
// time grows when the Map holds 10× and 100× the targets: it should grow
// far less than the targets do (an inverted index, not a scan).
var resolveSection = Section{
	Title: "Understanding: resolve and serve",
	About: "`go test -run '^$' -bench 'BenchmarkServe$|BenchmarkRecallResolve' -benchtime 200x -benchmem ./core/`, natively: one `/serve` through the Core and the in-process simulator, and the Recall tier's resolve on the demo Map and on Maps with 10× and 100× the targets (synthetic product commands).",
	Run:   runResolveBench,
}

// benchLine is one result line of `go test -bench`.
var benchLine = regexp.MustCompile(`^(Benchmark\S+?)(?:-\d+)?\s+\d+\s+(\d+(?:\.\d+)?) ns/op(?:\s+(\d+) B/op\s+(\d+) allocs/op)?`)

// benchResult is one benchmark's time per op and allocations.
type benchResult struct {
	nsPerOp float64
	allocs  string
}

func runResolveBench(ctx context.Context, env *Env) ([]Row, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "test", "-run", "^$", "-bench", "BenchmarkServe$|BenchmarkRecallResolve", "-benchtime", "200x", "-benchmem", "./core/")
	cmd.Dir = env.Root
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("go test -bench: %w\n%s", err, out.String())
	}
	results, order := parseBench(out.String())
	var rows []Row
	var base float64
	baseTargets := 0
	for _, name := range order {
		r := results[name]
		row := Row{Name: name, Value: fmt.Sprintf("%s per request, %s allocations", formatNs(r.nsPerOp), r.allocs)}
		if n, ok := targetsOf(name); ok {
			if baseTargets == 0 {
				base, baseTargets = r.nsPerOp, n
				row.Reference = "the demo Map"
			} else {
				growth := r.nsPerOp / base
				targets := float64(n) / float64(baseTargets)
				row.Reference = fmt.Sprintf("%.0f× the targets", targets)
				row.Note = fmt.Sprintf("%.1f× the demo's time: %s", growth, sublinear(growth, targets))
			}
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("go test -bench printed no results:\n%s", out.String())
	}
	return rows, nil
}

// parseBench reads the result lines, in the order printed.
func parseBench(s string) (map[string]benchResult, []string) {
	out := map[string]benchResult{}
	var order []string
	sc := bufio.NewScanner(strings.NewReader(s))
	for sc.Scan() {
		m := benchLine.FindStringSubmatch(strings.TrimSpace(sc.Text()))
		if m == nil {
			continue
		}
		ns, err := strconv.ParseFloat(m[2], 64)
		if err != nil {
			continue
		}
		if _, seen := out[m[1]]; !seen {
			order = append(order, m[1])
		}
		out[m[1]] = benchResult{nsPerOp: ns, allocs: m[4]}
	}
	return out, order
}

// targetsOf reads the Map size of a sub-benchmark ("…/targets=1066").
func targetsOf(name string) (int, bool) {
	_, after, ok := strings.Cut(name, "targets=")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(after)
	return n, err == nil && n > 0
}

func sublinear(growth, targets float64) string {
	if growth < targets {
		return "sublinear"
	}
	return "NOT sublinear"
}

func formatNs(ns float64) string {
	if ns >= 1e6 {
		return fmt.Sprintf("%.2f ms", ns/1e6)
	}
	return fmt.Sprintf("%.3f ms", ns/1e6)
}
