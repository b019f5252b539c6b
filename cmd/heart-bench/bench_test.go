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
