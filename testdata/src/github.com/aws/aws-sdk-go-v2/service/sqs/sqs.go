// Package sqs is a reslint test stub of github.com/aws/aws-sdk-go-v2/service/sqs@v1.53.0: signatures match the real API.
package sqs

import "context"

// Options are the client's options (only the retry fields are kept).
type Options struct {
	// RetryMaxAttempts specifies the maximum number attempts an API client will call
	// an operation that fails with a retryable error.
	RetryMaxAttempts int
}

// Client provides the API client to make operations call for Amazon Simple Queue Service.
type Client struct {
	options Options
}

// New returns an initialized Client based on the functional options.
func New(options Options, optFns ...func(*Options)) *Client { return &Client{options: options} }

// SendMessageInput holds the message (only some fields are kept).
type SendMessageInput struct {
	MessageBody  *string
	QueueUrl     *string
	DelaySeconds int32
}

// SendMessageOutput holds the message id (only some fields are kept).
type SendMessageOutput struct {
	MessageId *string
}

// SendMessage delivers a message to the specified queue.
func (c *Client) SendMessage(ctx context.Context, params *SendMessageInput, optFns ...func(*Options)) (*SendMessageOutput, error) {
	return &SendMessageOutput{}, nil
}
