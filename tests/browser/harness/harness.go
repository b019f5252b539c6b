//go:build !js

// Package harness starts what browser tests and benchmarks need: a staged
// serving root with a freshly built core.wasm, the heart-dev handler on a
// random 127.0.0.1 port, and headless Chromium with the project's flags.
package harness

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os/exec"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/heart-core/heart-web/cmd/heart-dev/devserver"
)

// Serve stages the repository at root into dir (building core.wasm) and
// serves it with heart-dev's handler on 127.0.0.1. It returns the base URL
// ("http://127.0.0.1:PORT") and a stop function.
func Serve(ctx context.Context, root, dir string) (string, func(), error) {
	if err := devserver.StageRoot(ctx, root, dir); err != nil {
		return "", nil, err
	}
	return ServeStaged(dir, devserver.Options{})
}

// ServeStaged serves a root Serve already staged in dir, with the device of
// o (devserver.HandlerWith), on another 127.0.0.1 port: a second server
// without a second build.
func ServeStaged(dir string, o devserver.Options) (string, func(), error) {
	h, err := devserver.HandlerWith(dir, o)
	if err != nil {
		return "", nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, WriteTimeout: time.Minute}
	go func() { _ = srv.Serve(ln) }()
	stop := func() {
		c, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(c)
	}
	return "http://" + ln.Addr().String(), stop, nil
}

// ErrNoChromium says how to get the browser; tests fail with it, never skip.
var ErrNoChromium = errors.New("chromium not found: apt-get update && apt-get install -y chromium (make chromium)")

// Browser starts headless Chromium with exactly the project's flags and a
// fresh profile in userDataDir. Cancel the returned context to stop it; ctx's
// deadline bounds everything the browser does.
func Browser(ctx context.Context, userDataDir string) (context.Context, context.CancelFunc, error) {
	path, err := exec.LookPath("chromium")
	if err != nil {
		return nil, nil, ErrNoChromium
	}
	actx, acancel := chromedp.NewExecAllocator(ctx,
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(userDataDir),
	)
	bctx, bcancel := chromedp.NewContext(actx)
	// Start the browser now, so a failure to launch is reported here.
	if err := chromedp.Do(bctx); err != nil {
		bcancel()
		acancel()
		return nil, nil, fmt.Errorf("start chromium: %w", err)
	}
	return bctx, func() { bcancel(); acancel() }, nil
}

// ReadyJS polls until the page shows the operation count or an error. It
// yields "count:N" or "error:TEXT" (a truthy value either way).
const ReadyJS = `(() => {
  const s = document.getElementById("status");
  if (s && s.dataset.state === "error") return "error:" + s.textContent;
  const c = document.getElementById("operation-count");
  return c && /^\d+$/.test(c.textContent) ? "count:" + c.textContent : false;
})()`
