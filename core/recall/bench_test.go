package recall

import (
	"fmt"
	"testing"
)

// synthetic multiplies the fixture: copy k of every target gets new ids and
// a made-up product word, so the index grows k-fold with realistic texts.
func synthetic(t testing.TB, k int) []Target {
	base := loadFixture(t)
	out := append([]Target(nil), base...)
	for i := 1; i < k; i++ {
		for _, b := range base {
			c := b
			c.ID = fmt.Sprintf("%s.copy%d", b.ID, i)
			word := fmt.Sprintf("unit%dx%d", i, len(out)%7)
			c.Phrases = nil
			for _, p := range b.Phrases {
				c.Phrases = append(c.Phrases, p+" "+word)
			}
			c.Text = append([]string{word}, b.Text...)
			if c.Thing != "" {
				c.Thing = fmt.Sprintf("%s%d", b.Thing, i)
			}
			c.Halt = false
			out = append(out, c)
		}
	}
	return out
}

var benchRequests = []string{
	"how full is the tank?", "set the flow to forty litres per minute", "restart the controller on Sunday night",
	"Stelle den Durchfluss auf 2,5 m³/h", "muéstrame los registros", "arrête le convoyeur", "what's the weather in Paris?",
	"calibrate the pressure sensor",
}

func benchResolve(b *testing.B, k int) {
	x, err := Build(synthetic(b, k), AcmeEntities(), Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(x.Len()), "targets")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		x.Resolve(benchRequests[i%len(benchRequests)], testCtx())
	}
}

func BenchmarkResolve(b *testing.B) {
	for _, k := range []int{1, 10, 100} {
		b.Run(fmt.Sprintf("x%d", k), func(b *testing.B) { benchResolve(b, k) })
	}
}

func BenchmarkResolveFullIndex(b *testing.B) {
	targets, ents := fullTargets(b)
	for _, k := range []int{1, 100} {
		b.Run(fmt.Sprintf("x%d", k), func(b *testing.B) {
			ts := append([]Target(nil), targets...)
			for i := 1; i < k; i++ {
				for _, t := range targets {
					c := t
					c.ID = fmt.Sprintf("%s.copy%d", t.ID, i)
					w := fmt.Sprintf("zone%d", i)
					c.Phrases = nil
					for _, p := range t.Phrases {
						c.Phrases = append(c.Phrases, p+" "+w)
					}
					c.Text = append([]string{w}, t.Text...)
					c.Halt = false
					if c.Thing != "" {
						c.Thing = fmt.Sprintf("%s%d", t.Thing, i)
					}
					ts = append(ts, c)
				}
			}
			x, err := Build(ts, ents, Options{})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(x.Len()), "targets")
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				x.Resolve(benchRequests[i%len(benchRequests)], testCtx())
			}
		})
	}
}

func BenchmarkBuildFullIndex(b *testing.B) {
	targets, ents := fullTargets(b)
	for i := 0; i < b.N; i++ {
		if _, err := Build(targets, ents, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
