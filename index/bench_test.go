package index

import "testing"

// BenchmarkLoad is the Core's start-up cost of the Index: parse and check.
func BenchmarkLoad(b *testing.B) {
	b.SetBytes(int64(len(Raw())))
	for b.Loop() {
		if _, err := Load(); err != nil {
			b.Fatal(err)
		}
	}
}
