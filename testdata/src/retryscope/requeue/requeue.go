// Package requeue holds workers that retry a failed job by sending it
// back on the channel it came from, and workers that look alike.
package requeue

import (
	"log"
	"time"
)

type Job struct{ ID int }

// run sleeps a fixed time before each try: the wait between attempts of
// a re-queued job.
func run(j *Job) error { // want run:"sleeps"
	time.Sleep(5 * time.Second)
	return nil
}

type Worker struct {
	jobs   chan *Job
	failed chan *Job
}

// A failed job goes back on the channel it came from.
func (w *Worker) loop() {
	for job := range w.jobs { // want "re-queue loop, job run \\[waits, failure-goes-round, requeue\\]"
		if err := run(job); err != nil {
			log.Printf("job %d: %v", job.ID, err)
			w.jobs <- job
		}
	}
}

// The job is received as the first statement, and put back after a delay
// by a goroutine.
func worker(jobs chan *Job, process func(*Job) error) { // want worker:"callsparam\\(1\\)"
	for { // want "re-queue loop, job process \\[failure-goes-round, requeue\\]"
		job := <-jobs
		err := process(job)
		if err == nil {
			continue
		}
		go func() {
			time.Sleep(time.Second)
			jobs <- job
		}()
	}
}

// --- look-alikes ------------------------------------------------------

// Failures go to a dead-letter channel: the job is not run again here.
func (w *Worker) deadLetter() {
	for job := range w.jobs {
		if err := run(job); err != nil {
			w.failed <- job
		}
	}
}

type Conn struct{}

func use(c *Conn) error { return nil }

// A connection taken from a pool channel is given back whatever happened.
func usePool(pool chan *Conn, n int) error {
	for i := 0; i < n; i++ {
		c := <-pool
		err := use(c)
		pool <- c
		if err != nil {
			return err
		}
	}
	return nil
}

// A crawler sends new work, not the job it failed on.
func crawl(urls chan string, fetch func(string) (string, error)) { // want crawl:"callsparam\\(1\\)"
	for u := range urls {
		next, err := fetch(u)
		if err != nil {
			continue
		}
		urls <- next
	}
}
