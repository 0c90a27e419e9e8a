// Package durationpb is a reslint test stub of google.golang.org/protobuf@v1.36.12: signatures match the real API.
package durationpb

import "time"

// Duration is the protobuf well-known Duration (unexported message state omitted).
type Duration struct {
	Seconds int64 `protobuf:"varint,1,opt,name=seconds,proto3" json:"seconds,omitempty"`
	Nanos   int32 `protobuf:"varint,2,opt,name=nanos,proto3" json:"nanos,omitempty"`
}

func New(d time.Duration) *Duration { return &Duration{} }

func (x *Duration) AsDuration() time.Duration { return 0 }
func (x *Duration) IsValid() bool             { return true }
func (x *Duration) CheckValid() error         { return nil }
func (x *Duration) GetSeconds() int64         { return 0 }
func (x *Duration) GetNanos() int32           { return 0 }
