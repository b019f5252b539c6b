package suite

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func loadCases(t testing.TB) *File {
	raw, err := os.ReadFile("../../../core/understanding-cases.json")
	require.NoError(t, err)
	f, err := Parse(raw)
	require.NoError(t, err)
	return f
}

func TestSuite_WholeFile_NoWrongActions(t *testing.T) {
	f := loadCases(t)
	d := NewDemo(0)
	sum, err := d.Runner.Run(context.Background(), f)
	require.NoError(t, err)
	var b strings.Builder
	sum.Table(&b)
	if testing.Verbose() {
		sum.FailureLines(&b)
	}
	t.Log("\n" + b.String())
	require.Zero(t, sum.WrongActions, "a wrong action is a failure (§12)")
}
