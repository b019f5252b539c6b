package recall

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A deed after an incident ("nach dem Stromausfall") is asked for now: a
// power cut is nobody's plan to wait for.
func TestResolve_ADeedAfterAnIncidentIsForNow(t *testing.T) {
	x := fullIndex(t)
	ctx := testCtx()
	ctx.Lang = "de"
	res := x.Resolve("Lass mal einen Selbsttest laufen, nach dem Stromausfall will ich sicher sein.", ctx)
	require.Equal(t, DecisionMatch, res.Decision)
	assert.Nil(t, res.When)
	assert.False(t, res.Scheduled)
	assert.Equal(t, "postDiagnosticsRun", top(t, res).Target)
}

// "don't restart now. do it at 6am": the word standing for the deed asks
// for it at its time; a when-clause right after an exact time glosses it.
func TestResolve_ADeedToldThenTimedByAProVerb(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct{ lang, text string }{
		{"en", "don't restart now. do it at 6am when the day shift is in"},
		{"en", "restart at 6am when the day shift is in"},
		{"de", "Nicht jetzt neu starten, mach das morgen um 6"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		res := x.Resolve(c.text, ctx)
		require.NotEqual(t, DecisionNone, res.Decision, c.text)
		assert.Equal(t, "postSystemRestart", top(t, res).Target, c.text)
		require.NotNil(t, res.When, c.text)
		assert.Equal(t, 6, res.When.At.Hour(), c.text)
	}
}

// "What changed?" with no value named reads the record of what happened;
// with a value named, that value's history.
func TestResolve_WhatChangedReadsTheRecord(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text, want string
	}{
		{"en", "What changed since this morning?", "getRhythm"},
		{"fr", "Qu'est-ce qui a changé depuis ce matin ?", "getRhythm"},
		{"en", "How did the tank level change since this morning?", "getPropertyHistory"},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		r := x.Resolve(c.text, ctx)
		require.NotEmpty(t, r.Shortlist, c.text)
		assert.Equal(t, c.want, top(t, r).Target, c.text)
	}
}

// Why a thing changed, asked in the past, is in the record of what
// happened; why a thing is as it is asks about it now.
func TestResolve_WhyItChangedReadsTheRecord(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		lang, text string
		record     bool
	}{
		{"es", "Esta mañana el mezclador estaba parado. ¿Por qué se paró el mezclador?", true},
		{"fr", "Pourquoi la pompe s'est-elle arrêtée cette nuit ?", true},
		{"en", "why is the pump running?", false},
	} {
		ctx := testCtx()
		ctx.Lang = c.lang
		r := x.Resolve(c.text, ctx)
		got := len(r.Shortlist) > 0 && r.Decision == DecisionMatch && top(t, r).Target == "getRhythm"
		assert.Equal(t, c.record, got, c.text)
	}
}

// An event or a time gone by that a story tells in sentences of its own is
// not when the request is to be done; one in the request's sentence is.
func TestResolve_AStorysEventDoesNotTimeTheRequest(t *testing.T) {
	x := fullIndex(t)
	for _, c := range []struct {
		text      string
		scheduled bool
	}{
		{"The truck is on its way. We want a full tank when he arrives. Go ahead and fill the tank, please.", false},
		{"The mixture is settling again, same as last Tuesday. Set the mixer to 900 rpm.", false},
		{"The truck is on its way. Fill the tank when it arrives.", true},
	} {
		r := x.Resolve(c.text, testCtx())
		require.NotEmpty(t, r.Shortlist, c.text)
		assert.Nil(t, r.When, c.text)
		assert.Equal(t, c.scheduled, r.Scheduled, c.text)
	}
}

// A meal or a break after a word of before, after or during says when a
// change on a thing of ours is wanted; it is no errand. Without a thing of
// ours it stays one.
func TestResolve_AMealAfterBeforeSaysWhen(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"fr", "Demain à 6 h, remplis le réservoir avant le petit-déjeuner.", "com.acme.tank.fill"},
		{"en", "drain the tank during the coffee break", "com.acme.tank.drain"},
		{"en", "order lunch before the meeting", ""},
	})
}
