package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A command's own name says which way it moves what it sets.
func TestDirection_FromTheCommandsName(t *testing.T) {
	x := fullIndex(t)
	for id, want := range map[string]int{"com.acme.tank.fill": 1, "com.acme.tank.drain": -1, "com.acme.pump.set_flow": 0, "getProperty": 0} {
		i, ok := x.byID[id]
		if !assert.True(t, ok, id) {
			continue
		}
		assert.Equal(t, want, x.direction(&x.targets[i]), id)
	}
}
