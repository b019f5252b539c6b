//go:build !js

package browser

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/heart-core/heart-web/cmd/heart-dev/devserver"
	"github.com/heart-core/heart-web/sim"
	"github.com/heart-core/heart-web/tests/browser/harness"
	"github.com/heart-core/heart-web/transport/httpx"
)

// serveWithSimulator serves the staged page with the Acme simulator under
// /device/, as `make run` does (heart-dev), and returns its base URL.
func serveWithSimulator(t *testing.T) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	_, dev := devserver.Simulator(ctx, nil)
	base, stop, err := harness.ServeStaged(stagedDir, devserver.Options{Device: dev})
	require.NoError(t, err)
	t.Cleanup(stop)
	return base
}

// answerJS yields "OUTCOME|ANSWER" once the page shows an answer (or an
// error), false while it asks.
const answerJS = `(() => {
  const a = document.getElementById("answer");
  if (a.dataset.state === "none" || a.dataset.state === "asking") return false;
  return a.dataset.state + "|" + document.getElementById("answer-text").textContent;
})()`

// decisionJS yields "STATE|TEXT" once the page shows the result of Approve
// or Deny, false before.
const decisionJS = `(() => {
  const d = document.getElementById("decision");
  return d.dataset.state === "none" || d.dataset.state === "working" ? false : d.dataset.state + "|" + d.textContent;
})()`

// ask types text into the form, sends it as the chosen person and waits
// for the answer the page shows.
func ask(t *testing.T, ctx context.Context, text string) (outcome, answer string) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`document.getElementById("answer").dataset.state = "none"`),
		chromedp.SetValue(chromedp.ID("ask-text"), text),
		chromedp.Click(chromedp.ID("ask-send")),
	))
	got, err := chromedp.Run(ctx, chromedp.Poll[string](answerJS, chromedp.WithPollingTimeout(20*time.Second)))
	require.NoError(t, err, "no answer to %q", text)
	outcome, answer, _ = strings.Cut(got, "|")
	return outcome, answer
}

// flowSetpoint reads pump.flow's setpoint from the simulator directly.
func flowSetpoint(t *testing.T, base string) float64 {
	t.Helper()
	req, err := http.NewRequest("GET", base+devserver.DevicePath+"/heart/v1/properties/pump.flow", nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer demo-viewer")
	resp, err := (&http.Client{Timeout: 5 * time.Second}).Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode)
	var p struct {
		Setpoint float64 `json:"setpoint"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&p))
	return p.Setpoint
}

// TestPage_AsksTheCore_AndApprovesAChange_AgainstTheSimulator is `make run`
// as a person uses it: the page opened at "/" is pointed at the simulator,
// shows the tank, answers a read at once, and a change only once a person
// approves it.
func TestPage_AsksTheCore_AndApprovesAChange_AgainstTheSimulator(t *testing.T) {
	base := serveWithSimulator(t)
	ctx := browser(t)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(base+"/")))
	search, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.search`))
	require.NoError(t, err)
	assert.Contains(t, search, "device="+url.QueryEscape(base+devserver.DevicePath), "/ is redirected to the simulator")
	assert.Contains(t, search, "token=demo-core")
	waitReady(t, ctx)

	// The device panel shows the tank and the pump, read through the Core.
	level, err := chromedp.Run(ctx, chromedp.Poll[string](`(() => {
  const s = document.getElementById("device-state");
  if (s.dataset.state === "error") return "error:" + s.textContent;
  const t = document.getElementById("tank-level").textContent;
  return / %$/.test(t) ? t + " / pump " + document.getElementById("pump-state").textContent : false;
})()`, chromedp.WithPollingTimeout(15*time.Second)))
	require.NoError(t, err)
	require.False(t, strings.HasPrefix(level, "error:"), level)
	assert.Regexp(t, `^\d+(\.\d)? % / pump running$`, level)

	outcome, answer := ask(t, ctx, "how full is the tank?")
	require.Equal(t, "done", outcome, answer)
	assert.Regexp(t, regexp.MustCompile(`\d+(\.\d+)?\s?%`), answer)

	// The simulator's flow setpoint starts at 40 L/min, so the change asks
	// for 55 to be seen.
	require.Equal(t, 40.0, flowSetpoint(t, base))
	outcome, answer = ask(t, ctx, "set the flow to 55 litres per minute")
	require.Equal(t, "pending-approval", outcome, answer)
	actionID, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("action-id").textContent`))
	require.NoError(t, err)
	assert.Regexp(t, `^[0-9a-f-]{36}$`, actionID)
	assert.Contains(t, answer, actionID)
	assert.Equal(t, 40.0, flowSetpoint(t, base), "nothing changes before a person approves")

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("approve"))))
	decision, err := chromedp.Run(ctx, chromedp.Poll[string](decisionJS, chromedp.WithPollingTimeout(15*time.Second)))
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(decision, "succeeded|"), decision)
	assert.Contains(t, decision, "decided by operator")
	assert.Contains(t, decision, "pump.flow 55")
	assert.Equal(t, 55.0, flowSetpoint(t, base), "the approved change reached the device")

	// The panel shows the new setpoint (it reads again after a decision).
	setpoint, err := chromedp.Run(ctx, chromedp.Poll[string](`(() => {
  const s = document.getElementById("pump-setpoint").textContent;
  return s.startsWith("55 ") ? s : false;
})()`, chromedp.WithPollingTimeout(10*time.Second)))
	require.NoError(t, err)
	assert.Equal(t, "55 L/min", setpoint)
}

// TestPage_Viewer_CannotApprove_ThenOperatorDenies: the page approves as the person chosen when
// Approve is clicked, and the device refuses a viewer; the Action still
// waits, and an operator can then deny it.
func TestPage_Viewer_CannotApprove_ThenOperatorDenies(t *testing.T) {
	base := serveWithSimulator(t)
	ctx := browser(t)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(base+"/")))
	waitReady(t, ctx)

	outcome, answer := ask(t, ctx, "set the flow to 50 litres per minute")
	require.Equal(t, "pending-approval", outcome, answer)

	decide := func(who, button string) string {
		t.Helper()
		require.NoError(t, chromedp.Do(ctx,
			chromedp.SetValue(chromedp.ID("ask-who"), who),
			chromedp.Evaluate[chromedp.Void](`document.getElementById("decision").dataset.state = "none"`),
			chromedp.Click(chromedp.ID(button)),
		))
		got, err := chromedp.Run(ctx, chromedp.Poll[string](decisionJS, chromedp.WithPollingTimeout(15*time.Second)))
		require.NoError(t, err)
		return got
	}
	got := decide("demo-viewer", "approve")
	require.True(t, strings.HasPrefix(got, "error|Not approved: 403"), got)
	got = decide("demo-operator", "deny")
	require.True(t, strings.HasPrefix(got, "denied|"), got)
	assert.Equal(t, 40.0, flowSetpoint(t, base))

	// A text from the device or the Core is shown as text, never as markup.
	outcome, _ = ask(t, ctx, `<img src=x onerror="window.pwned=1"> how full is the tank?`)
	assert.NotEmpty(t, outcome)
	pwned, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.pwned === 1 || document.querySelector("#answer img") !== null`))
	require.NoError(t, err)
	assert.False(t, pwned)
}

// TestPage_OutsideDevice_OverCORS is heart-dev --device URL: the page is
// pointed at a simulator on another 127.0.0.1 port (as heart-sim serves it,
// CORS for the page's origin), and a change still reaches it for approval.
func TestPage_OutsideDevice_OverCORS(t *testing.T) {
	var dev atomic.Value // the simulator's handler, made once the page's origin is known
	devSrv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		dev.Load().(http.Handler).ServeHTTP(w, r)
	}))
	t.Cleanup(devSrv.Close) // after the browser's cleanup (LIFO)
	base, stop, err := harness.ServeStaged(stagedDir, devserver.Options{DeviceURL: devSrv.URL})
	require.NoError(t, err)
	t.Cleanup(stop)
	s := sim.New(sim.Options{Origins: []string{base}})
	dev.Store(httpx.Handler(s, httpx.Options{Events: s}))

	ctx := browser(t)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(base+"/")))
	waitReady(t, ctx)
	outcome, answer := ask(t, ctx, "how full is the tank?")
	require.Equal(t, "done", outcome, answer)
	outcome, answer = ask(t, ctx, "set the flow to 55 litres per minute")
	require.Equal(t, "pending-approval", outcome, answer)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("approve"))))
	decision, err := chromedp.Run(ctx, chromedp.Poll[string](decisionJS, chromedp.WithPollingTimeout(15*time.Second)))
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(decision, "succeeded|"), decision)
}
