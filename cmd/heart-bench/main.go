//go:build !js

// Command heart-bench measures the web Core and writes bench/report.md.
// Each measurement is a Section (section.go) returning rows, so later
// benchmarks (Recall resolve time, ...) add a section and nothing else.
//
//	heart-bench [-out bench/report.md] [-loads 5] [-requests 300]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/heart-core/heart-web/cmd/heart-dev/devserver"
)

func main() {
	out := flag.String("out", "bench/report.md", "markdown report to write")
	loads := flag.Int("loads", 5, "page loads measured for load-to-ready")
	requests := flag.Int("requests", 300, "requests measured for each round-trip row")
	memRequests := flag.Int("memrequests", 2000, "requests between the two memory readings")
	flag.Parse()
	if err := run(*out, &Env{Loads: *loads, Requests: *requests, MemRequests: *memRequests}); err != nil {
		fmt.Fprintln(os.Stderr, "heart-bench:", err)
		os.Exit(1)
	}
}

func run(out string, env *Env) error {
	root := devserver.FindRoot(".")
	tmp, err := os.MkdirTemp("", "heart-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	env.Root, env.Dir = root, tmp
	defer env.Close()

	// The whole run is bounded: a hung browser fails the bench, not blocks it.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	var results []Result
	for _, s := range sections {
		start := time.Now()
		rows, err := s.Run(ctx, env)
		if err != nil {
			return fmt.Errorf("%s: %w", s.Title, err)
		}
		results = append(results, Result{Section: s, Rows: rows, Took: time.Since(start)})
	}
	report := render(results)
	fmt.Print(report)
	if !filepath.IsAbs(out) {
		out = filepath.Join(root, out)
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	return os.WriteFile(out, []byte(report), 0o644)
}

// render writes every section as a markdown table.
func render(results []Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# HEART Core for the web: measurements\n\n")
	fmt.Fprintf(&b, "Written by `make bench` (cmd/heart-bench) on %s, %s %s/%s, %d CPUs, load average %s.\n"+
		"Timings on a loaded machine have long tails: read medians first, and the load average with them.\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), loadAverage())
	for _, r := range results {
		fmt.Fprintf(&b, "## %s\n\n%s\n\n", r.Section.Title, r.Section.About)
		b.WriteString("| measure | value | reference | note |\n|---|---|---|---|\n")
		for _, row := range r.Rows {
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", row.Name, row.Value, row.Reference, row.Note)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// loadAverage is the 1-minute load from /proc/loadavg ("?" elsewhere).
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	if f := strings.Fields(string(b)); len(f) > 0 {
		return f[0]
	}
	return "?"
}
