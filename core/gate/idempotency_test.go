package gate

import (
	"fmt"
	"testing"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestIdempotency_Repeat_GetsFirstAnswer(t *testing.T) {
	s := NewIdempotency(0)
	fp := Fingerprint("POST", "/heart/v1/capabilities/x/invoke", []byte(`{"a":1}`))
	_, ok, err := s.Lookup("core", "k1", fp, t0)
	require.NoError(t, err)
	assert.False(t, ok)
	s.Save("core", "k1", Saved{Fingerprint: fp, Status: 202, Body: []byte(`{"action":{}}`), At: t0})
	got, ok, err := s.Lookup("core", "k1", fp, t0.Add(23*time.Hour))
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, 202, got.Status)
	assert.Equal(t, `{"action":{}}`, string(got.Body))
}

func TestIdempotency_After24h_Forgotten(t *testing.T) {
	s := NewIdempotency(0)
	fp := Fingerprint("POST", "/p", nil)
	s.Save("core", "k", Saved{Fingerprint: fp, Status: 200, At: t0})
	_, ok, err := s.Lookup("core", "k", fp, t0.Add(24*time.Hour))
	require.NoError(t, err)
	assert.False(t, ok)
	// A new first answer may then be saved under the same key.
	s.Save("core", "k", Saved{Fingerprint: fp, Status: 201, At: t0.Add(24 * time.Hour)})
	got, ok, _ := s.Lookup("core", "k", fp, t0.Add(25*time.Hour))
	require.True(t, ok)
	assert.Equal(t, 201, got.Status)
}

func TestIdempotency_ReusedKey_DifferentRequest_Conflict409(t *testing.T) {
	s := NewIdempotency(0)
	s.Save("core", "k", Saved{Fingerprint: Fingerprint("POST", "/a", []byte("1")), Status: 200, At: t0})
	for _, fp := range []string{Fingerprint("POST", "/a", []byte("2")), Fingerprint("PUT", "/a", []byte("1")), Fingerprint("POST", "/b", []byte("1"))} {
		_, _, err := s.Lookup("core", "k", fp, t0)
		requireProblem(t, err, 409, api.CodeConflict)
	}
}

func TestIdempotency_KeysArePerToken(t *testing.T) {
	s := NewIdempotency(0)
	fp := Fingerprint("POST", "/a", nil)
	s.Save("core", "k", Saved{Fingerprint: fp, Status: 200, At: t0})
	_, ok, err := s.Lookup("owner", "k", fp, t0)
	require.NoError(t, err)
	assert.False(t, ok)
}

func TestIdempotency_SecondSave_KeepsFirst(t *testing.T) {
	s := NewIdempotency(0)
	fp := Fingerprint("POST", "/a", nil)
	s.Save("core", "k", Saved{Fingerprint: fp, Status: 202, At: t0})
	s.Save("core", "k", Saved{Fingerprint: fp, Status: 500, At: t0.Add(time.Second)})
	got, _, _ := s.Lookup("core", "k", fp, t0.Add(2*time.Second))
	assert.Equal(t, 202, got.Status)
}

func TestIdempotency_Bounded_ExpiredThenOldestForgotten(t *testing.T) {
	s := NewIdempotency(3)
	fp := Fingerprint("POST", "/a", nil)
	s.Save("core", "old", Saved{Fingerprint: fp, At: t0.Add(-25 * time.Hour)})
	for i := 0; i < 3; i++ {
		s.Save("core", fmt.Sprint(i), Saved{Fingerprint: fp, Status: 200 + i, At: t0.Add(time.Duration(i) * time.Second)})
	}
	assert.Equal(t, 3, s.Len())
	_, ok, _ := s.Lookup("core", "0", fp, t0.Add(time.Minute))
	assert.True(t, ok, "the expired entry went first")
	s.Save("core", "new", Saved{Fingerprint: fp, At: t0.Add(time.Minute)})
	assert.Equal(t, 3, s.Len())
	_, ok, _ = s.Lookup("core", "0", fp, t0.Add(time.Minute))
	assert.False(t, ok, "then the oldest")
	_, ok, _ = s.Lookup("core", "new", fp, t0.Add(time.Minute))
	assert.True(t, ok)
}

func TestIdempotency_Begin_ClaimsKey_RepeatMeanwhileConflict(t *testing.T) {
	s := NewIdempotency(0)
	fp := Fingerprint("POST", "/a", []byte("x"))
	_, ok, err := s.Begin("core", "k", fp, t0)
	require.NoError(t, err)
	assert.False(t, ok, "first: run it")
	_, _, err = s.Begin("core", "k", fp, t0.Add(time.Second))
	requireProblem(t, err, 409, api.CodeConflict)
	_, ok, err = s.Lookup("core", "k", fp, t0.Add(time.Second))
	require.NoError(t, err)
	assert.False(t, ok, "Lookup sees no answer yet")
	s.Save("core", "k", Saved{Fingerprint: fp, Status: 202, At: t0.Add(2 * time.Second)})
	got, ok, err := s.Begin("core", "k", fp, t0.Add(3*time.Second))
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, 202, got.Status)
	_, _, err = s.Begin("core", "k", Fingerprint("POST", "/a", []byte("y")), t0.Add(3*time.Second))
	requireProblem(t, err, 409, api.CodeConflict)
}

func TestIdempotency_Begin_AbandonedOrStale_FreesKey(t *testing.T) {
	s := NewIdempotency(0)
	fp := Fingerprint("POST", "/a", nil)
	_, _, err := s.Begin("core", "k", fp, t0)
	require.NoError(t, err)
	s.Abandon("core", "k")
	_, ok, err := s.Begin("core", "k", fp, t0)
	require.NoError(t, err)
	assert.False(t, ok)
	_, ok, err = s.Begin("core", "k", fp, t0.Add(PendingTTL))
	require.NoError(t, err, "a claim older than PendingTTL is taken as abandoned")
	assert.False(t, ok)
}
