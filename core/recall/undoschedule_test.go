package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A schedule taken back is the schedule: the deed and the time inside it
// say which one, and the time is no time to act at.
func TestResolve_CancellingAScheduledDeedDeletesTheSchedule(t *testing.T) {
	x := fullIndex(t)
	assertResolves(t, x, []resolveCase{
		{"en", "cancel the restart that's scheduled for tonight", "deleteSchedule"},
		{"es", "cancela el reinicio que estaba programado para esta noche", "deleteSchedule"},
		{"en", "cancel the tank fill we scheduled for tonight", "deleteSchedule"},
		{"en", "delete the schedule for the restart tonight", "deleteSchedule"},
		// not a schedule taken back: the deed is scheduled
		{"en", "schedule a backflush for tonight", "com.acme.filter.backflush"},
	})
	for _, text := range []string{"cancel the restart that's scheduled for tonight", "delete the schedule for the restart tonight"} {
		res := x.Resolve(text, testCtx())
		assert.Nil(t, res.When, "%q: the time names the schedule, it is no time to act", text)
		assert.False(t, res.Scheduled, text)
	}
	// "vacía" is to drain as well as to delete: emptying the tank later is
	// no schedule taken back
	ctx := testCtx()
	ctx.Lang = "es"
	res := x.Resolve("Vacía el tanque más tarde", ctx)
	if assert.NotEmpty(t, res.Shortlist) {
		assert.Equal(t, "com.acme.tank.drain", res.Shortlist[0].Target)
	}
}
