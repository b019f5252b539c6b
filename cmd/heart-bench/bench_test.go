//go:build !js

package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestQuantile(t *testing.T) {
	xs := []float64{5, 1, 4, 2, 3}
	assert.Equal(t, 1.0, quantile(xs, 0))
	assert.Equal(t, 3.0, quantile(xs, 0.5))
	assert.Equal(t, 5.0, quantile(xs, 1))
	assert.Equal(t, 0.0, quantile(nil, 0.5))
	assert.Equal(t, []float64{5, 1, 4, 2, 3}, xs, "the input is not reordered")
}

func TestRender_OneTablePerSection(t *testing.T) {
	out := render([]Result{
		{Section: Section{Title: "A", About: "about a"}, Rows: []Row{{Name: "x", Value: "1", Reference: "2", Note: "n"}}, Took: time.Second},
		{Section: Section{Title: "B"}, Rows: []Row{{Name: "y", Value: "3"}}},
	})
	assert.Contains(t, out, "## A\n\nabout a\n\n| measure | value | reference | note |\n|---|---|---|---|\n| x | 1 | 2 | n |\n")
	assert.Contains(t, out, "| y | 3 |  |  |\n")
	assert.Equal(t, 2, strings.Count(out, "| measure |"))
}

func TestParseBench_ReadsTimesAndSizes(t *testing.T) {
	out := `goos: linux
BenchmarkServe-2           	     200	    437448 ns/op	   72561 B/op	    1238 allocs/op
BenchmarkRecallResolve/targets=106-2         	     200	    181858 ns/op	   23722 B/op	     453 allocs/op
BenchmarkRecallResolve/targets=10606-2       	     200	  10355188 ns/op	 1521085 B/op	   12837 allocs/op
PASS`
	got, order := parseBench(out)
	assert.Equal(t, []string{"BenchmarkServe", "BenchmarkRecallResolve/targets=106", "BenchmarkRecallResolve/targets=10606"}, order)
	assert.Equal(t, 437448.0, got["BenchmarkServe"].nsPerOp)
	assert.Equal(t, "12837", got["BenchmarkRecallResolve/targets=10606"].allocs)
	n, ok := targetsOf("BenchmarkRecallResolve/targets=1066")
	assert.True(t, ok)
	assert.Equal(t, 1066, n)
	_, ok = targetsOf("BenchmarkServe")
	assert.False(t, ok)
	assert.Equal(t, "sublinear", sublinear(57, 100))
	assert.Equal(t, "NOT sublinear", sublinear(120, 100))
}
