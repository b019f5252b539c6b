package schemas

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// Every committed file is embedded, and every one compiles under its $id.
func TestCompiler_KnowsEveryFileUnderItsID(t *testing.T) {
	onDisk, err := filepath.Glob("1.0/*.schema.json")
	require.NoError(t, err)
	require.NotEmpty(t, onDisk)
	for i := range onDisk {
		onDisk[i] = filepath.Base(onDisk[i])
	}
	require.Equal(t, onDisk, Names())
	c, err := Compiler()
	require.NoError(t, err)
	for _, name := range Names() {
		_, err := c.Compile(Base + name)
		require.NoError(t, err, name)
	}
}
