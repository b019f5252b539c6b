package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A deed done to a record (a schedule taken back, an Action denied, an
// alert acknowledged) acts on the record: the deed and the time it tells of
// say which one, and the time is no time to act at.
func TestResolve_ADeedDoneToARecordActsOnTheRecord(t *testing.T) {
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
	// an Action waiting and an alert are records too; the deed told of
	// says which, and a word between that the deed takes on its own (a
	// token) is what it is done to
	assertResolves(t, x, []resolveCase{
		{"en", "deny the pump request that's waiting, we don't need it", "postActionDeny"},
		{"en", "cancel the pending action to fill the tank", "postActionCancel"},
		{"en", "acknowledge the low tank level alarm", "postAlertAcknowledge"},
		{"es", "cancela la tarea programada sch-3", "deleteSchedule"},
		{"es", "Revoca el token tok-5, era del técnico que ya no trabaja con nosotros", "deleteToken"},
		// a Playbook is a record too, and what it does says which
		{"en", "delete the playbook that refills the tank overnight", "deleteTendingRule"},
		{"es", "suspende la regla de rellenado automático por hoy, vamos a vaciar todo", "postTendingRuleSuspend"},
		// a deed in a participle is told: the list is asked for
		{"fr", "Quelles actions ont été approuvées ou refusées aujourd'hui ?", "getActions"},
	})
	res := x.Resolve("delete the playbook that refills the tank overnight", testCtx())
	assert.Nil(t, res.When, "a Playbook's time names it")
	// "vacía" is to drain as well as to delete: emptying the tank later is
	// no schedule taken back
	ctx := testCtx()
	ctx.Lang = "es"
	res = x.Resolve("Vacía el tanque más tarde", ctx)
	if assert.NotEmpty(t, res.Shortlist) {
		assert.Equal(t, "com.acme.tank.drain", res.Shortlist[0].Target)
	}
}
