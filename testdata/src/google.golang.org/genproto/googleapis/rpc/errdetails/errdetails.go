// Package errdetails is a reslint test stub of google.golang.org/genproto/googleapis/rpc@v0.0.0-20260817212433-ac3dfec99bb1: signatures match the real API.
package errdetails

import durationpb "google.golang.org/protobuf/types/known/durationpb"

// RetryInfo says how long the client should wait before retrying
// (unexported message state omitted).
type RetryInfo struct {
	RetryDelay *durationpb.Duration `protobuf:"bytes,1,opt,name=retry_delay,json=retryDelay,proto3" json:"retry_delay,omitempty"`
}

func (x *RetryInfo) GetRetryDelay() *durationpb.Duration { return nil }
