package brain

import (
	"errors"
	"testing"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var t0 = time.Date(2026, 12, 6, 10, 0, 0, 0, time.UTC)

func lease(id string, length time.Duration, uses ...Use) Lease {
	if len(uses) == 0 {
		uses = []Use{"propose", "explain"}
	}
	return Lease{ID: id, Model: "m-1", Uses: uses, IssuedAt: t0, ExpiresAt: t0.Add(length)}
}

func problemStatus(t *testing.T, err error) int {
	t.Helper()
	var p *api.Problem
	require.True(t, errors.As(err, &p), "%v is a problem", err)
	return p.Status
}

func TestBrain_StartsBrainless(t *testing.T) {
	b := New(Limits{})
	assert.True(t, b.Brainless())
	assert.Nil(t, b.Check(t0))
	assert.False(t, b.Allows("propose", "", t0))
	s := b.Status(t0)
	assert.True(t, s.Brainless)
	assert.Nil(t, s.Lease)
	assert.Empty(t, s.Requests)
}

func TestBrain_GrantBadLeasesChangeNothing(t *testing.T) {
	for _, tc := range []struct {
		name   string
		l      Lease
		status int
	}{
		{"expiresAt not after issuedAt", Lease{ID: "a", Model: "m", Uses: []Use{"propose"}, IssuedAt: t0, ExpiresAt: t0}, 400},
		{"already expired by the Core's clock", lease("b", time.Minute), 409},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := New(Limits{})
			tr, err := b.Grant(tc.l, t0.Add(time.Hour))
			assert.Nil(t, tr)
			assert.Equal(t, tc.status, problemStatus(t, err))
			assert.True(t, b.Brainless())
		})
	}
}

func TestBrain_LeaseRunsItsLengthThenTheTransition(t *testing.T) {
	b := New(Limits{MaxLease: time.Hour})
	_, err := b.Grant(lease("l-1", 10*time.Minute), t0)
	require.NoError(t, err)
	assert.False(t, b.Brainless())
	assert.True(t, b.Allows("propose", "m-1", t0.Add(time.Minute)))
	assert.False(t, b.Allows("propose", "other-model", t0.Add(time.Minute)), "rule 1: the lease names the model")
	assert.False(t, b.Allows("chat", "m-1", t0.Add(time.Minute)), "rule 1: the lease names the use")
	assert.Nil(t, b.Check(t0.Add(9*time.Minute)))

	tr := b.Check(t0.Add(10 * time.Minute))
	require.NotNil(t, tr)
	assert.Equal(t, EndExpired, tr.Why)
	assert.Equal(t, AlertExpired, tr.Alert)
	assert.Equal(t, "l-1", tr.LeaseID)
	assert.True(t, b.Brainless())
	assert.False(t, b.Allows("propose", "m-1", t0.Add(10*time.Minute)))
	assert.Nil(t, b.Check(t0.Add(11*time.Minute)), "one transition per lease")
}

func TestBrain_MaxLeaseCapsALongLease(t *testing.T) {
	b := New(Limits{MaxLease: 5 * time.Minute})
	_, err := b.Grant(lease("l-1", 24*time.Hour), t0)
	require.NoError(t, err)
	assert.Equal(t, t0.Add(5*time.Minute), b.Status(t0).Lease.EndsAt)
	assert.NotNil(t, b.Check(t0.Add(5*time.Minute)))
}

func TestBrain_ClockBackwardsEndsTheLease(t *testing.T) {
	b := New(Limits{})
	_, err := b.Grant(lease("l-1", time.Hour), t0)
	require.NoError(t, err)
	assert.Nil(t, b.Check(t0.Add(time.Minute)))
	tr := b.Check(t0)
	require.NotNil(t, tr)
	assert.Equal(t, EndClock, tr.Why)
	assert.True(t, b.Brainless())
}

func TestBrain_RenewalReplacesTheLease(t *testing.T) {
	b := New(Limits{})
	_, err := b.Grant(lease("l-1", 10*time.Minute), t0)
	require.NoError(t, err)
	_, err = b.Grant(Lease{ID: "l-2", Model: "m-1", Uses: []Use{"explain"}, IssuedAt: t0.Add(5 * time.Minute), ExpiresAt: t0.Add(20 * time.Minute)}, t0.Add(5*time.Minute))
	require.NoError(t, err)
	assert.Nil(t, b.Check(t0.Add(15*time.Minute)))
	assert.Equal(t, "l-2", b.Status(t0.Add(15*time.Minute)).Lease.ID)
	assert.False(t, b.Allows("propose", "", t0.Add(15*time.Minute)), "the new lease's uses replace the old")
}

func TestBrain_SignalCutsAndOnlyTheOwnersRestoreLetsOneLeaseIn(t *testing.T) {
	b := New(Limits{RestoreNeedsOwner: true, ApprovalTimeout: 5 * time.Minute})
	_, err := b.Grant(lease("l-1", time.Hour), t0)
	require.NoError(t, err)

	tr := b.Signal("it sent odd proposals", t0.Add(time.Minute))
	require.NotNil(t, tr)
	assert.Equal(t, EndSignal, tr.Why)
	assert.Equal(t, AlertRevoked, tr.Alert)
	assert.Nil(t, b.Signal("again", t0.Add(2*time.Minute)), "a second signal while cut raises nothing new")
	s := b.Status(t0.Add(2 * time.Minute))
	require.NotNil(t, s.Cut)
	assert.Equal(t, "it sent odd proposals", s.Cut.Reason)

	_, err = b.Grant(lease("l-2", time.Hour), t0.Add(3*time.Minute))
	assert.Equal(t, 409, problemStatus(t, err), "no lease until the owner restores")

	b.ApproveRestore(t0.Add(4 * time.Minute))
	_, err = b.Grant(lease("l-2", time.Hour), t0.Add(5*time.Minute))
	require.NoError(t, err)
	assert.Nil(t, b.Status(t0.Add(5*time.Minute)).Cut)

	// the approval let exactly one in: after another cut, it is needed again
	require.NotNil(t, b.Signal("", t0.Add(6*time.Minute)))
	_, err = b.Grant(lease("l-3", time.Hour), t0.Add(7*time.Minute))
	assert.Equal(t, 409, problemStatus(t, err))
}

func TestBrain_RestoreApprovalLapses(t *testing.T) {
	b := New(Limits{RestoreNeedsOwner: true, ApprovalTimeout: 5 * time.Minute})
	b.Signal("", t0)
	b.ApproveRestore(t0.Add(time.Minute))
	_, err := b.Grant(lease("l-1", 2*time.Hour), t0.Add(6*time.Minute))
	assert.Equal(t, 409, problemStatus(t, err))
}

func TestBrain_WithoutRestoreNeedsOwnerALeaseComesBackAfterACut(t *testing.T) {
	b := New(Limits{})
	b.Signal("", t0)
	_, err := b.Grant(lease("l-1", time.Hour), t0.Add(time.Minute))
	require.NoError(t, err)
}

func TestBrain_SelfCut(t *testing.T) {
	for _, tc := range []struct {
		name  string
		count func(*Brain, time.Time) *Transition
		times int
	}{
		{"refused proposals reach brainRefusalsPerHour", (*Brain).Refused, 4},
		{"three rejected answers within an hour", (*Brain).Rejected, rejectionsForCut},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := New(Limits{RefusalsPerHour: 4})
			_, err := b.Grant(lease("l-1", 2*time.Hour), t0)
			require.NoError(t, err)
			for i := 1; i < tc.times; i++ {
				assert.Nil(t, tc.count(b, t0.Add(time.Duration(i)*time.Minute)))
			}
			tr := tc.count(b, t0.Add(time.Duration(tc.times)*time.Minute))
			require.NotNil(t, tr)
			assert.Equal(t, EndSelfCut, tr.Why)
			assert.Equal(t, AlertRevoked, tr.Alert)
			assert.True(t, b.Brainless())
		})
	}
}

func TestBrain_SelfCutCountsOnlyTheLastHour(t *testing.T) {
	b := New(Limits{})
	_, err := b.Grant(lease("l-1", 3*time.Hour), t0)
	require.NoError(t, err)
	assert.Nil(t, b.Rejected(t0))
	assert.Nil(t, b.Rejected(t0.Add(30*time.Minute)))
	assert.Nil(t, b.Rejected(t0.Add(61*time.Minute)), "the first has left the hour")
	assert.NotNil(t, b.Rejected(t0.Add(62*time.Minute)))
}

func TestBrain_AutoModeCarriesTheLeaseFromItsEndAndStepsDown(t *testing.T) {
	b := New(Limits{})
	b.SetAuto(true, t0)
	l := lease("l-1", 10*time.Minute, "propose", "explain", "chat")
	l.Offline = &Offline{MaxSec: 600, StepDown: []StepDown{{AfterSec: 120, Uses: []Use{"explain", "chat"}}, {AfterSec: 300, Uses: []Use{"explain"}}}}
	_, err := b.Grant(l, t0)
	require.NoError(t, err)

	end := t0.Add(10 * time.Minute)
	assert.Nil(t, b.Check(end), "auto mode takes over at the lease's end")
	assert.True(t, b.Status(end).Lease.Offline)
	assert.True(t, b.Allows("propose", "", end.Add(time.Minute)))
	assert.False(t, b.Allows("propose", "", end.Add(2*time.Minute)))
	assert.True(t, b.Allows("chat", "", end.Add(2*time.Minute)))
	assert.False(t, b.Allows("chat", "", end.Add(5*time.Minute)))
	assert.True(t, b.Allows("explain", "", end.Add(5*time.Minute)))

	assert.Nil(t, b.Check(end.Add(9*time.Minute)))
	tr := b.Check(end.Add(10 * time.Minute))
	require.NotNil(t, tr, "the offline window is counted from the lease's end, not from when the Core noticed")
	assert.Equal(t, EndExpired, tr.Why)
}

func TestBrain_AutoModeOffEndsTheOfflineBlock(t *testing.T) {
	b := New(Limits{})
	b.SetAuto(true, t0)
	l := lease("l-1", time.Minute)
	l.Offline = &Offline{MaxSec: 3600}
	_, err := b.Grant(l, t0)
	require.NoError(t, err)
	assert.Nil(t, b.Check(t0.Add(2*time.Minute)))
	b.SetAuto(false, t0.Add(3*time.Minute))
	assert.NotNil(t, b.Check(t0.Add(3*time.Minute)))
}

func TestBrain_WithoutAutoModeTheOfflineBlockIsIgnored(t *testing.T) {
	b := New(Limits{})
	l := lease("l-1", time.Minute)
	l.Offline = &Offline{MaxSec: 3600}
	_, err := b.Grant(l, t0)
	require.NoError(t, err)
	assert.NotNil(t, b.Check(t0.Add(time.Minute)))
}

func TestBrain_HeldRequestsOnePerOperationAndTheyLapse(t *testing.T) {
	b := New(Limits{ApprovalTimeout: time.Minute})
	b.Hold(OpAuto, map[string]any{"enabled": true}, "owner", t0)
	r := b.Hold(OpAuto, map[string]any{"enabled": false}, "owner", t0.Add(time.Second))
	b.Hold(OpRestore, nil, "owner", t0.Add(2*time.Second))
	s := b.Status(t0.Add(3 * time.Second))
	require.Len(t, s.Requests, 2)
	assert.Equal(t, r.ID, s.Requests[0].ID)
	assert.Equal(t, false, s.Requests[0].Arguments["enabled"])

	b.SetAuto(true, t0.Add(4*time.Second))
	require.Len(t, b.Status(t0.Add(4*time.Second)).Requests, 1, "the owner's own call clears the request")
	assert.Empty(t, b.Status(t0.Add(2*time.Minute)).Requests)
}

func TestBrain_LimitsAutonomyOnlyWhileBrainlessAfterALowering(t *testing.T) {
	b := New(Limits{})
	_, err := b.Grant(lease("l-1", time.Minute), t0)
	require.NoError(t, err)
	tr := b.Check(t0.Add(time.Minute))
	require.NotNil(t, tr)
	assert.False(t, b.LimitsAutonomy())
	tr.LoweredFrom = 5
	b.Note(*tr)
	assert.True(t, b.LimitsAutonomy())
	assert.Equal(t, 5, b.Status(t0.Add(time.Minute)).LastTransition.LoweredFrom)
	_, err = b.Grant(lease("l-2", time.Hour), t0.Add(2*time.Minute))
	require.NoError(t, err)
	assert.False(t, b.LimitsAutonomy())
}
