package serial

import (
	"context"
	"testing"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSubscribe_DeliversEventFramesInOrder(t *testing.T) {
	src := &fanout{}
	c, _ := pair(t, echo, src, ClientOptions{Token: "t"}, ServerOptions{})
	ch, err := c.Subscribe(ctxTimeout(t, 5*time.Second))
	require.NoError(t, err)
	want := []api.Event{
		{Type: "alert", Data: []byte(`{"id":"a1"}`)},
		{Type: "property", Data: []byte(`{"name":"pump.flow","value":60}`)},
	}
	for _, ev := range want {
		src.publish(ev)
	}
	for _, w := range want {
		select {
		case got := <-ch:
			assert.Equal(t, w, got)
		case <-time.After(5 * time.Second):
			t.Fatal("no event")
		}
	}
}

func TestSubscribe_IsRefusedWithoutAValidToken(t *testing.T) {
	c, _ := pair(t, echo, &fanout{}, ClientOptions{Token: "wrong"}, ServerOptions{})
	_, err := c.Subscribe(ctxTimeout(t, 5*time.Second))
	require.Error(t, err)
	assert.Contains(t, err.Error(), api.CodeUnauthorized)
}

func TestSubscribe_EndsTheDeviceSubscriptionWhenCtxEnds(t *testing.T) {
	src := &fanout{}
	c, _ := pair(t, echo, src, ClientOptions{Token: "t"}, ServerOptions{})
	ctx, cancel := context.WithCancel(context.Background())
	ch, err := c.Subscribe(ctx)
	require.NoError(t, err)
	require.Equal(t, 1, src.count())
	cancel()
	require.Eventually(t, func() bool { return src.count() == 0 }, 5*time.Second, time.Millisecond)
	for range ch { // closed, not left open
	}
}

func TestSubscribe_ClosesTheChannelWhenTheLinkDrops(t *testing.T) {
	c, errc := pair(t, echo, &fanout{}, ClientOptions{Token: "t"}, ServerOptions{})
	ch, err := c.Subscribe(ctxTimeout(t, 5*time.Second))
	require.NoError(t, err)
	_ = c.Close()
	select {
	case _, ok := <-ch:
		assert.False(t, ok)
	case <-time.After(5 * time.Second):
		t.Fatal("channel left open")
	}
	select {
	case err := <-errc:
		assert.NoError(t, err, "the other side closing is a normal end")
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return")
	}
}

func TestSubscribe_EndsWhenTheDeviceEndsTheStream_AndFreesItsSlot(t *testing.T) {
	src := &fanout{}
	c, _ := pair(t, echo, src, ClientOptions{Token: "t", MaxSubscribed: 1}, ServerOptions{})
	ch, err := c.Subscribe(ctxTimeout(t, 5*time.Second))
	require.NoError(t, err)
	_, err = c.Subscribe(ctxTimeout(t, 5*time.Second))
	require.Error(t, err, "the bound on subscriptions holds")
	src.closeAll()
	select {
	case _, ok := <-ch:
		assert.False(t, ok)
	case <-time.After(5 * time.Second):
		t.Fatal("channel left open after the device ended the stream")
	}
	require.Eventually(t, func() bool {
		ch2, err := c.Subscribe(ctxTimeout(t, 5*time.Second))
		return err == nil && ch2 != nil
	}, 5*time.Second, 10*time.Millisecond, "the slot is free again")
}
