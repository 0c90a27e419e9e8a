package client

import (
	"context"
	"log"
	"time"
)

// Request is a call to send.
type Request struct{ Key string }

// Sender sends requests, retrying by calling itself.
type Sender struct {
	maxRetries int
	delays     map[int]time.Duration
}

func (s *Sender) send(ctx context.Context, req *Request) error { return get(ctx, req.Key) }

// delay looks the wait up in a table the caller configured.
func (s *Sender) delay(attempt int) time.Duration { return s.delays[attempt] }

// Send retries by recursion: the attempt counter moves on in the call.
func (s *Sender) Send(ctx context.Context, req *Request, attempt int) error {
	err := s.send(ctx, req)
	if err != nil && attempt < s.maxRetries {
		time.Sleep(s.delay(attempt))
		return s.Send(ctx, req, attempt+1)
	}
	return err
}

// Job is a unit of work.
type Job struct{ Key string }

// Work runs jobs and puts a failed one back on its queue.
func Work(ctx context.Context, jobs chan *Job) {
	for job := range jobs {
		if err := get(ctx, job.Key); err != nil {
			log.Printf("job %s: %v", job.Key, err)
			time.Sleep(time.Second)
			jobs <- job
		}
	}
}
