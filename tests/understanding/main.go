// Command understanding runs the Understanding suite (HEART Core §12) over a
// case file through the real Core and prints its figures:
//
//	go run ./tests/understanding -cases core/understanding-cases.json [-json] [-v] [--device URL]
//	go run ./tests/understanding -explain "how full is the tank?|stell es auf 30"
//
// -explain shows, for each request (separated by "|"), how the Recall tier
// read it and the Core's whole /serve answer, and runs no suite.
//
// Without --device it starts the demo simulator in-process on a simulated
// clock. With -json the last line is the runSummary JSON object of
// decisions.md §5. It exits 1 when any wrong action happened.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/heart-core/heart-web/core"
	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/recall"
	"github.com/heart-core/heart-web/tests/understanding/suite"
	"github.com/heart-core/heart-web/transport/httpx"
)

func main() {
	cases := flag.String("cases", "core/understanding-cases.json", "the case file")
	asJSON := flag.Bool("json", false, "print the runSummary JSON object as the last line")
	verbose := flag.Bool("v", false, "print one line per failing case")
	deviceURL := flag.String("device", "", "a running device (e.g. http://127.0.0.1:8081) instead of the in-process simulator; it must offer POST /_sim/reset")
	seed := flag.Int64("seed", 0, "the in-process simulator's seed")
	explain := flag.String("explain", "", "requests separated by \"|\": show how each is read and answered, run no suite")
	explainFile := flag.String("explain-file", "", "a file holding one request (a pasted mail, with its new lines and bars): show how it is read and answered")
	lang := flag.String("lang", "", "with -explain: the language the request says it is in (en, de, es, fr), as a case's lang")
	flag.Parse()

	if *explainFile != "" {
		b, err := os.ReadFile(*explainFile)
		if err == nil {
			err = explainTexts([]string{string(b)}, *lang, *seed)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "understanding:", err)
			os.Exit(2)
		}
		return
	}
	if *explain != "" {
		if err := explainTexts(strings.Split(*explain, "|"), *lang, *seed); err != nil {
			fmt.Fprintln(os.Stderr, "understanding:", err)
			os.Exit(2)
		}
		return
	}

	if err := run(*cases, *asJSON, *verbose, *deviceURL, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "understanding:", err)
		os.Exit(2)
	}
}

func run(path string, asJSON, verbose bool, deviceURL string, seed int64) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	file, err := suite.Parse(raw)
	if err != nil {
		return err
	}
	var runner *suite.Runner
	if deviceURL == "" {
		runner = suite.NewDemo(seed).Runner
	} else {
		runner = remote(deviceURL)
	}
	ctx := context.Background()
	sum, err := runner.Run(ctx, file)
	if err != nil {
		return err
	}
	if verbose {
		sum.FailureLines(os.Stdout)
		fmt.Println()
	}
	fmt.Printf("Understanding suite: %s (%d cases)\n\n", path, sum.Cases)
	sum.Table(os.Stdout)
	if asJSON {
		line, err := json.Marshal(sum)
		if err != nil {
			return err
		}
		fmt.Println(string(line))
	}
	if sum.WrongActions > 0 {
		os.Exit(1)
	}
	return nil
}

// remote runs the Core in this process against a device over HTTP; the
// device is reset through the simulator's POST /_sim/reset.
func remote(url string) *suite.Runner {
	tr := &httpx.Transport{BaseURL: url}
	c := core.New(core.Config{Device: tr, DeviceToken: suite.CoreToken, InstanceID: "suite"})
	return &suite.Runner{Core: c, Reset: func(ctx context.Context) error {
		req := api.NewRequest("POST", "/_sim/reset", nil)
		req.Header.Set("Authorization", "Bearer "+suite.DefaultToken)
		resp, err := tr.RoundTrip(ctx, req)
		if err != nil {
			return err
		}
		if resp.Status >= 300 {
			return fmt.Errorf("POST /_sim/reset answered %d", resp.Status)
		}
		c.ResetQuestions()
		return nil
	}}
}

// explainTexts prints the Recall tier's trace and the Core's /serve answer
// (as demo-owner) for each text, on the in-process demo.
func explainTexts(texts []string, lang string, seed int64) error {
	d := suite.NewDemo(seed)
	ctx := context.Background()
	m, err := d.Core.Map(ctx)
	if err != nil {
		return err
	}
	idx, err := recall.Build(core.RecallTargets(m), core.RecallEntities(m), core.RecallOptions)
	if err != nil {
		return err
	}
	for _, text := range texts {
		_ = d.Runner.Reset(ctx)
		fmt.Print(idx.Trace(text, recall.Context{Now: d.Clock.Now(), Lang: lang}))
		body, _ := json.Marshal(map[string]string{"text": text, "lang": lang})
		req := api.NewRequest("POST", "/heart/v1/serve", body)
		req.Header.Set("Authorization", "Bearer demo-owner")
		resp := d.Core.Serve(ctx, req)
		fmt.Printf("  /serve %d %s\n\n", resp.Status, resp.Body)
	}
	return nil
}
