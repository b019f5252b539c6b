//go:build !js

package schemas_test

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGenerated_TypesMatchTheSchemas reruns core/schema's go:generate line
// into a temporary folder and compares every file, so a schema edited without
// `go generate ./core/schema` fails here instead of drifting.
func TestGenerated_TypesMatchTheSchemas(t *testing.T) {
	const pkg = "../../core/schema"
	line := generateLine(t, filepath.Join(pkg, "generate.go"))
	abs, err := filepath.Abs(pkg)
	require.NoError(t, err)
	out := t.TempDir()
	args := strings.Fields(line)
	for i, a := range args {
		if strings.HasPrefix(a, "../") {
			args[i] = filepath.Join(abs, a) // schema files, relative to the package
		}
		if strings.HasPrefix(a, "--schema-output=") {
			uri, file, _ := strings.Cut(strings.TrimPrefix(a, "--schema-output="), ".json=")
			args[i] = "--schema-output=" + uri + ".json=" + filepath.Join(out, file)
		}
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = abs
	msg, err := cmd.CombinedOutput()
	require.NoError(t, err, string(msg))

	fresh, err := filepath.Glob(filepath.Join(out, "*_gen.go"))
	require.NoError(t, err)
	committed, err := filepath.Glob(filepath.Join(abs, "*_gen.go"))
	require.NoError(t, err)
	require.Len(t, committed, len(fresh), "generated file set differs")
	for _, f := range fresh {
		want, err := os.ReadFile(f)
		require.NoError(t, err)
		got, err := os.ReadFile(filepath.Join(abs, filepath.Base(f)))
		require.NoError(t, err, "missing %s", filepath.Base(f))
		require.Equal(t, string(want), string(got), "%s is stale: run go generate ./core/schema", filepath.Base(f))
	}
}

// generateLine returns the command of the file's //go:generate line.
func generateLine(t *testing.T, file string) string {
	t.Helper()
	f, err := os.Open(file)
	require.NoError(t, err)
	defer f.Close()
	s := bufio.NewScanner(f)
	s.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for s.Scan() {
		if rest, ok := strings.CutPrefix(s.Text(), "//go:generate "); ok {
			return rest
		}
	}
	require.NoError(t, s.Err())
	t.Fatal("no //go:generate line in " + file)
	return ""
}
