// Package seed is the seed essay's reference retry code (SPEC §0): correct
// code that timerstop must pass clean.
package seed

import (
	"context"
	"errors"
	"math/rand/v2" // Go 1.22+: глобальный генератор без блокировок и без ручного Seed
	"time"
)

type Policy struct {
	MaxAttempts int           // всего попыток, включая первую
	Base        time.Duration // 100ms
	Cap         time.Duration // 5s - потолок одной паузы
	PerAttempt  time.Duration // таймаут одной попытки; 0 - без своего таймаута
	Budget      time.Duration // потолок на всю серию; 0 - ограничивает только ctx
}

// Классификатор отвечает сразу на два вопроса: повторять ли,
// и не назвал ли сервер паузу сам (Retry-After, gRPC RetryInfo).
type Classifier func(err error) (retry bool, after time.Duration)

func Do(ctx context.Context, p Policy, cls Classifier, op func(context.Context) error) error {
	if p.MaxAttempts <= 0 {
		p.MaxAttempts = 3
	}
	if p.Base <= 0 {
		p.Base = 100 * time.Millisecond
	}
	if p.Cap <= 0 {
		p.Cap = 5 * time.Second
	}

	if p.Budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, p.Budget)
		defer cancel() // обязателен: иначе течёт таймер до конца родительского ctx
	}

	var last error
	for attempt := 0; attempt < p.MaxAttempts; attempt++ {
		// Не ходим в сеть с уже истёкшим дедлайном: соединение зависимости
		// дороже, чем наша попытка «а вдруг успеем».
		if err := ctx.Err(); err != nil {
			return errors.Join(last, err)
		}

		last = attemptOnce(ctx, p.PerAttempt, op)
		if last == nil {
			return nil
		}

		// Отмена родительского контекста - не транзиентная ошибка: клиент ушёл.
		// Проверяем до классификатора, иначе таймаут попытки спутаем с отменой запроса.
		if ctx.Err() != nil {
			return errors.Join(last, ctx.Err())
		}

		retry, after := cls(last)
		if !retry || attempt == p.MaxAttempts-1 {
			return last
		}

		delay := after // сервер назвал паузу - уважаем
		if delay <= 0 {
			delay = fullJitter(p.Base, p.Cap, attempt)
		}
		if err := sleepCtx(ctx, delay); err != nil {
			return errors.Join(last, err)
		}
	}
	return last
}

// Своя граница времени на каждую попытку. Без неё одна зависшая
// попытка съедает весь бюджет, и ретраев фактически не происходит.
func attemptOnce(ctx context.Context, per time.Duration, op func(context.Context) error) error {
	if per <= 0 {
		return op(ctx)
	}
	actx, cancel := context.WithTimeout(ctx, per)
	defer cancel()
	return op(actx)
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	// Спать дольше, чем осталось до дедлайна, незачем: лучше вернуть ошибку
	// сразу, чем разбудить таймер в уже мёртвый запрос.
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) <= d {
		return context.DeadlineExceeded
	}
	t := time.NewTimer(d)
	defer t.Stop() // до Go 1.23 неостановленный таймер живёт до срабатывания
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func fullJitter(base, capD time.Duration, attempt int) time.Duration {
	backoff := base << attempt          // base * 2^attempt
	if backoff > capD || backoff <= 0 { // <=0 - защита от переполнения int64
		backoff = capD
	}
	return time.Duration(rand.Int64N(int64(backoff)) + 1)
}
