// Money movement: charges, PaymentIntents (create, confirm on or off session, update, cancel),
// SetupIntents, refunds, and the test 3-D Secure page that completes or fails authentication.
import { html, renderPage } from './html.ts';
import {
  randomToken,
  readForm,
  redirect,
  sendHtml,
  type PeerRequest,
  type Router,
} from './http.ts';
import { cardFor, type CardDecline } from './stripe-cards.ts';
import {
  now,
  type Call,
  type Handled,
  type StripeLedger,
  type StripeObject,
  type StripeRouter,
} from './stripe-ledger.ts';
import {
  allowOnly,
  bool,
  formatMoney,
  hash,
  int,
  invalid,
  list,
  MAXIMUM_AMOUNT,
  metadata,
  MINIMUM_CHARGE,
  objectId,
  oneOf,
  paginate,
  str,
  StripeError,
  SUPPORTED_CURRENCIES,
  type Params,
} from './stripe-params.ts';
import { cardError, resolvePaymentMethod } from './stripe-payment-methods.ts';

export function registerPaymentRoutes(
  router: StripeRouter,
  pages: Router,
  ledger: StripeLedger,
): void {
  // ---- charges -----------------------------------------------------------------------------

  function charge(
    intent: StripeObject,
    pm: StripeObject,
    decline: CardDecline | undefined,
    call: Call | null,
  ): StripeObject {
    const amount = Number(intent.amount);
    const charged = ledger.store<StripeObject>({
      id: objectId('ch'),
      object: 'charge',
      amount,
      amount_captured: decline ? 0 : amount,
      amount_refunded: 0,
      balance_transaction: decline ? null : objectId('txn'),
      billing_details: pm.billing_details,
      captured: !decline,
      created: now(),
      currency: intent.currency,
      customer: intent.customer,
      description: intent.description,
      failure_code: decline?.code ?? null,
      failure_message: decline?.message ?? null,
      livemode: false,
      metadata: intent.metadata,
      outcome: decline
        ? {
            network_status: 'declined_by_network',
            reason: decline.decline_code,
            risk_level: 'normal',
            seller_message: 'The bank did not return any further details with this decline.',
            type: 'issuer_declined',
          }
        : {
            network_status: 'approved_by_network',
            reason: null,
            risk_level: 'normal',
            seller_message: 'Payment complete.',
            type: 'authorized',
          },
      paid: !decline,
      payment_intent: intent.id,
      payment_method: pm.id,
      payment_method_details: { card: { ...(pm.card as object) }, type: 'card' },
      receipt_email: intent.receipt_email,
      refunded: false,
      status: decline ? 'failed' : 'succeeded',
    });
    ledger.emit(decline ? 'charge.failed' : 'charge.succeeded', charged, call);
    return charged;
  }

  router.on('GET', '/v1/charges/:id', ({ path, params }: Call): Handled => ({
    body: ledger.expand(ledger.find('charge', 'ch_', path.id ?? ''), list(params, 'expand') ?? []),
  }));
  router.on('GET', '/v1/charges', ({ params, url }: Call): Handled => {
    allowOnly(params, [
      'customer',
      'payment_intent',
      'limit',
      'starting_after',
      'ending_before',
      'expand',
    ]);
    const customer = str(params, 'customer');
    const intent = str(params, 'payment_intent');
    return {
      body: paginate(
        ledger.newest(
          'charge',
          (c) => (!customer || c.customer === customer) && (!intent || c.payment_intent === intent),
        ),
        params,
        url.pathname,
      ),
    };
  });

  // ---- payment intents ---------------------------------------------------------------------

  const PI_PARAMS = [
    'amount',
    'currency',
    'customer',
    'payment_method',
    'payment_method_types',
    'automatic_payment_methods',
    'confirm',
    'off_session',
    'description',
    'metadata',
    'receipt_email',
    'setup_future_usage',
    'capture_method',
    'return_url',
    'statement_descriptor',
    'statement_descriptor_suffix',
    'expand',
    'confirmation_method',
    'error_on_requires_action',
  ];

  function checkAmount(amount: number, currency: string): void {
    if (amount < 1)
      throw invalid('This value must be greater than or equal to 1.', {
        code: 'parameter_invalid_integer',
        param: 'amount',
      });
    const minimum = MINIMUM_CHARGE[currency] ?? 50;
    if (amount < minimum) {
      throw invalid(`Amount must be at least ${formatMoney(minimum, currency)} ${currency}`, {
        code: 'amount_too_small',
        param: 'amount',
      });
    }
    if (amount > MAXIMUM_AMOUNT) {
      throw invalid(
        `Amount must be no more than ${formatMoney(MAXIMUM_AMOUNT, currency)} ${currency}`,
        { code: 'amount_too_large', param: 'amount' },
      );
    }
  }

  function unexpectedState(
    intent: StripeObject,
    action: string,
    allowed: readonly string[],
  ): StripeError {
    return invalid(
      `You cannot ${action} this ${intent.object === 'setup_intent' ? 'SetupIntent' : 'PaymentIntent'} because it has a status of ${String(intent.status)}. Only a ${intent.object === 'setup_intent' ? 'SetupIntent' : 'PaymentIntent'} with one of the following statuses may be ${action === 'cancel' ? 'canceled' : 'confirmed'}: ${allowed.join(', ')}.`,
      { code: `${String(intent.object)}_unexpected_state`, [String(intent.object)]: intent },
    );
  }

  /**
   * Confirms a PaymentIntent: charges the card, or asks for 3-D Secure on session, or declines.
   * A decline answers 402 with the error (carrying the intent), the intent itself keeps
   * `requires_payment_method` and `last_payment_error`.
   */
  function confirmPaymentIntent(
    intent: StripeObject,
    offSession: boolean,
    returnUrl: string | undefined,
    call: Call,
  ): Handled {
    const pmId = intent.payment_method;
    if (typeof pmId !== 'string') {
      throw invalid(
        "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
        { code: 'payment_intent_unexpected_state', payment_intent: intent },
      );
    }
    const pm = ledger.find('payment_method', 'pm_', pmId, 'payment_method');
    if (offSession && intent.customer && pm.customer !== intent.customer) {
      throw invalid(
        'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
        { param: 'payment_method' },
      );
    }
    const secret = ledger.cards.get(pm.id);
    const card = cardFor(secret?.number ?? '');
    intent.last_payment_error = null;
    intent.next_action = null;
    if (card.requiresAuthentication && !(offSession && secret?.setUpForOffSession)) {
      if (offSession) {
        return decline(
          intent,
          pm,
          {
            code: 'authentication_required',
            decline_code: 'authentication_required',
            message: 'Your card was declined. This transaction requires authentication.',
          },
          call,
        );
      }
      intent.status = 'requires_action';
      intent.next_action = authenticationAction(intent, returnUrl);
      ledger.emit('payment_intent.requires_action', intent, call);
      return { body: intent };
    }
    return settleCharge(intent, pm, card.decline, call);
  }

  function settleCharge(
    intent: StripeObject,
    pm: StripeObject,
    declined: CardDecline | undefined,
    call: Call | null,
  ): Handled {
    if (declined) return decline(intent, pm, declined, call);
    const charged = charge(intent, pm, undefined, call);
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = charged.id;
    const customerId = intent.customer;
    if (intent.setup_future_usage && typeof customerId === 'string' && !pm.customer) {
      pm.customer = customerId;
      ledger.emit('payment_method.attached', pm, call);
    }
    ledger.emit('payment_intent.succeeded', intent, call);
    return { body: intent };
  }

  function decline(
    intent: StripeObject,
    pm: StripeObject,
    declined: CardDecline,
    call: Call | null,
  ): Handled {
    const failed = charge(intent, pm, declined, call);
    intent.status = 'requires_payment_method';
    intent.latest_charge = failed.id;
    intent.last_payment_error = {
      charge: failed.id,
      code: declined.code,
      decline_code: declined.decline_code,
      message: declined.message,
      payment_method: structuredClone(pm),
      type: 'card_error',
    };
    ledger.emit('payment_intent.payment_failed', intent, call);
    throw cardError(declined, {
      charge: failed.id,
      payment_intent: structuredClone(intent),
      payment_method: structuredClone(pm),
    });
  }

  function authenticationAction(
    intent: StripeObject,
    returnUrl: string | undefined,
  ): Record<string, unknown> {
    const page = `${ledger.baseUrl}/__peer/3ds/${intent.id}`;
    if (returnUrl) {
      return { type: 'redirect_to_url', redirect_to_url: { return_url: returnUrl, url: page } };
    }
    return {
      type: 'use_stripe_sdk',
      use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: page, source: null },
    };
  }

  function paymentIntentFrom(params: Params, call: Call): StripeObject {
    const amount = int(params, 'amount', { required: true }) ?? 0;
    const currency = (str(params, 'currency', { required: true }) ?? '').toLowerCase();
    if (!SUPPORTED_CURRENCIES.has(currency))
      throw invalid(`Invalid currency: ${currency}.`, { param: 'currency' });
    checkAmount(amount, currency);
    const customerId = str(params, 'customer');
    if (customerId) ledger.find('customer', 'cus_', customerId, 'customer');
    const pmId = str(params, 'payment_method');
    const pm = pmId ? resolvePaymentMethod(ledger, pmId, 'payment_method') : undefined;
    const types = list(params, 'payment_method_types') ?? ['card'];
    if (types.some((type) => type !== 'card')) {
      throw invalid(
        `The payment method type provided: ${types.join(', ')} is invalid. This development peer supports card only.`,
        { param: 'payment_method_types' },
      );
    }
    const capture =
      oneOf(params, 'capture_method', ['automatic', 'automatic_async'] as const) ??
      'automatic_async';
    const id = objectId('pi');
    const intent = ledger.store<StripeObject>({
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_details: { tip: {} },
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: hash(params, 'automatic_payment_methods')
        ? { allow_redirects: 'always', enabled: true }
        : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: capture,
      client_secret: `${id}_secret_${randomToken(25)}`,
      confirmation_method: 'automatic',
      created: now(),
      currency,
      customer: customerId ?? null,
      description: str(params, 'description') ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: metadata(params),
      next_action: null,
      on_behalf_of: null,
      payment_method: pm?.id ?? null,
      payment_method_configuration_details: null,
      payment_method_options: {
        card: {
          installments: null,
          mandate_options: null,
          network: null,
          request_three_d_secure: 'automatic',
        },
      },
      payment_method_types: types,
      processing: null,
      receipt_email: str(params, 'receipt_email') ?? null,
      review: null,
      setup_future_usage:
        oneOf(params, 'setup_future_usage', ['on_session', 'off_session'] as const) ?? null,
      shipping: null,
      source: null,
      statement_descriptor: str(params, 'statement_descriptor', { max: 22 }) ?? null,
      statement_descriptor_suffix: str(params, 'statement_descriptor_suffix', { max: 22 }) ?? null,
      status: pm ? 'requires_confirmation' : 'requires_payment_method',
      transfer_data: null,
      transfer_group: null,
    });
    ledger.emit('payment_intent.created', intent, call);
    return intent;
  }

  router.on('POST', '/v1/payment_intents', (call: Call): Handled => {
    const { params } = call;
    allowOnly(params, PI_PARAMS);
    const confirm = bool(params, 'confirm') ?? false;
    const offSession = bool(params, 'off_session') ?? false;
    if (offSession && !confirm) {
      throw invalid('You can only set `off_session` when `confirm` is set to true.', {
        param: 'off_session',
      });
    }
    const intent = paymentIntentFrom(params, call);
    if (!confirm) return { body: ledger.expand(intent, list(params, 'expand') ?? []) };
    const handled = confirmPaymentIntent(intent, offSession, str(params, 'return_url'), call);
    return { body: ledger.expand(handled.body, list(params, 'expand') ?? []) };
  });

  router.on('GET', '/v1/payment_intents/:id', ({ path, params }: Call): Handled => ({
    body: ledger.expand(
      ledger.find('payment_intent', 'pi_', path.id ?? ''),
      list(params, 'expand') ?? [],
    ),
  }));

  router.on('GET', '/v1/payment_intents', ({ params, url }: Call): Handled => {
    allowOnly(params, ['customer', 'limit', 'starting_after', 'ending_before', 'expand']);
    const customer = str(params, 'customer');
    return {
      body: paginate(
        ledger.newest('payment_intent', (pi) => !customer || pi.customer === customer),
        params,
        url.pathname,
      ),
    };
  });

  router.on('POST', '/v1/payment_intents/:id', (call: Call): Handled => {
    allowOnly(call.params, [
      'amount',
      'currency',
      'customer',
      'payment_method',
      'description',
      'metadata',
      'receipt_email',
      'setup_future_usage',
      'expand',
    ]);
    const intent = ledger.find('payment_intent', 'pi_', call.path.id ?? '');
    const updatable = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
    if (!updatable.includes(String(intent.status))) {
      throw invalid(
        `This PaymentIntent's properties could not be updated because it has a status of ${String(intent.status)}.`,
        {
          code: 'payment_intent_unexpected_state',
        },
      );
    }
    const amount = int(call.params, 'amount');
    const currency = str(call.params, 'currency')?.toLowerCase();
    if (currency !== undefined && !SUPPORTED_CURRENCIES.has(currency))
      throw invalid(`Invalid currency: ${currency}.`, { param: 'currency' });
    if (amount !== undefined || currency !== undefined)
      checkAmount(amount ?? Number(intent.amount), currency ?? String(intent.currency));
    if (amount !== undefined) intent.amount = amount;
    if (currency !== undefined) intent.currency = currency;
    const customerId = str(call.params, 'customer');
    if (customerId) intent.customer = ledger.find('customer', 'cus_', customerId, 'customer').id;
    const pmId = str(call.params, 'payment_method');
    if (pmId) {
      intent.payment_method = resolvePaymentMethod(ledger, pmId, 'payment_method').id;
      intent.status = 'requires_confirmation';
    }
    for (const field of ['description', 'receipt_email'] as const)
      if (field in call.params) intent[field] = str(call.params, field) ?? null;
    if ('setup_future_usage' in call.params)
      intent.setup_future_usage =
        oneOf(call.params, 'setup_future_usage', ['on_session', 'off_session'] as const) ?? null;
    intent.metadata = metadata(call.params, intent.metadata as Record<string, string>);
    return { body: ledger.expand(intent, list(call.params, 'expand') ?? []) };
  });

  router.on('POST', '/v1/payment_intents/:id/confirm', (call: Call): Handled => {
    allowOnly(call.params, [
      'payment_method',
      'off_session',
      'return_url',
      'setup_future_usage',
      'receipt_email',
      'expand',
      'error_on_requires_action',
    ]);
    const intent = ledger.find('payment_intent', 'pi_', call.path.id ?? '');
    const confirmable = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
    if (!confirmable.includes(String(intent.status))) {
      if (intent.status === 'succeeded') {
        throw invalid(
          'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
          {
            code: 'payment_intent_unexpected_state',
            payment_intent: intent,
          },
        );
      }
      throw unexpectedState(intent, 'confirm', confirmable);
    }
    const pmId = str(call.params, 'payment_method');
    if (pmId) intent.payment_method = resolvePaymentMethod(ledger, pmId, 'payment_method').id;
    if ('setup_future_usage' in call.params)
      intent.setup_future_usage =
        oneOf(call.params, 'setup_future_usage', ['on_session', 'off_session'] as const) ?? null;
    const handled = confirmPaymentIntent(
      intent,
      bool(call.params, 'off_session') ?? false,
      str(call.params, 'return_url'),
      call,
    );
    return { body: ledger.expand(handled.body, list(call.params, 'expand') ?? []) };
  });

  router.on('POST', '/v1/payment_intents/:id/cancel', (call: Call): Handled => {
    allowOnly(call.params, ['cancellation_reason', 'expand']);
    const intent = ledger.find('payment_intent', 'pi_', call.path.id ?? '');
    const cancelable = [
      'requires_payment_method',
      'requires_capture',
      'requires_confirmation',
      'requires_action',
      'processing',
    ];
    if (!cancelable.includes(String(intent.status)))
      throw unexpectedState(intent, 'cancel', cancelable);
    intent.status = 'canceled';
    intent.canceled_at = now();
    intent.cancellation_reason =
      oneOf(call.params, 'cancellation_reason', [
        'duplicate',
        'fraudulent',
        'requested_by_customer',
        'abandoned',
      ] as const) ?? null;
    intent.next_action = null;
    ledger.emit('payment_intent.canceled', intent, call);
    return { body: intent };
  });

  // ---- setup intents -----------------------------------------------------------------------

  function confirmSetupIntent(
    intent: StripeObject,
    returnUrl: string | undefined,
    call: Call,
  ): Handled {
    const pmId = intent.payment_method;
    if (typeof pmId !== 'string') {
      throw invalid("You cannot confirm this SetupIntent because it's missing a payment method.", {
        code: 'setup_intent_unexpected_state',
        setup_intent: intent,
      });
    }
    const pm = ledger.find('payment_method', 'pm_', pmId, 'payment_method');
    const card = cardFor(ledger.cards.get(pm.id)?.number ?? '');
    intent.last_setup_error = null;
    intent.next_action = null;
    if (card.decline && !card.chargeOnly) {
      intent.status = 'requires_payment_method';
      intent.last_setup_error = {
        code: card.decline.code,
        decline_code: card.decline.decline_code,
        message: card.decline.message,
        payment_method: structuredClone(pm),
        type: 'card_error',
      };
      ledger.emit('setup_intent.setup_failed', intent, call);
      throw cardError(card.decline, {
        setup_intent: structuredClone(intent),
        payment_method: structuredClone(pm),
      });
    }
    if (card.requiresAuthentication) {
      intent.status = 'requires_action';
      intent.next_action = authenticationAction(intent, returnUrl);
      ledger.emit('setup_intent.requires_action', intent, call);
      return { body: intent };
    }
    completeSetup(intent, pm, call);
    return { body: intent };
  }

  function completeSetup(intent: StripeObject, pm: StripeObject, call: Call | null): void {
    intent.status = 'succeeded';
    const secret = ledger.cards.get(pm.id);
    if (secret && intent.usage === 'off_session') secret.setUpForOffSession = true;
    const customerId = intent.customer;
    if (typeof customerId === 'string' && pm.customer !== customerId) {
      pm.customer = customerId;
      ledger.emit('payment_method.attached', pm, call);
    }
    ledger.emit('setup_intent.succeeded', intent, call);
  }

  router.on('POST', '/v1/setup_intents', (call: Call): Handled => {
    const { params } = call;
    allowOnly(params, [
      'customer',
      'payment_method',
      'payment_method_types',
      'automatic_payment_methods',
      'confirm',
      'usage',
      'description',
      'metadata',
      'return_url',
      'expand',
    ]);
    const customerId = str(params, 'customer');
    if (customerId) ledger.find('customer', 'cus_', customerId, 'customer');
    const pmId = str(params, 'payment_method');
    const pm = pmId ? resolvePaymentMethod(ledger, pmId, 'payment_method') : undefined;
    const id = objectId('seti');
    const intent = ledger.store<StripeObject>({
      id,
      object: 'setup_intent',
      application: null,
      automatic_payment_methods: null,
      cancellation_reason: null,
      client_secret: `${id}_secret_${randomToken(25)}`,
      created: now(),
      customer: customerId ?? null,
      description: str(params, 'description') ?? null,
      last_setup_error: null,
      latest_attempt: null,
      livemode: false,
      metadata: metadata(params),
      next_action: null,
      payment_method: pm?.id ?? null,
      payment_method_types: list(params, 'payment_method_types') ?? ['card'],
      status: pm ? 'requires_confirmation' : 'requires_payment_method',
      usage: oneOf(params, 'usage', ['on_session', 'off_session'] as const) ?? 'off_session',
    });
    ledger.emit('setup_intent.created', intent, call);
    if (!bool(params, 'confirm')) return { body: intent };
    return confirmSetupIntent(intent, str(params, 'return_url'), call);
  });

  router.on('GET', '/v1/setup_intents/:id', ({ path }: Call): Handled => ({
    body: ledger.find('setup_intent', 'seti_', path.id ?? ''),
  }));

  router.on('POST', '/v1/setup_intents/:id/confirm', (call: Call): Handled => {
    allowOnly(call.params, ['payment_method', 'return_url', 'expand']);
    const intent = ledger.find('setup_intent', 'seti_', call.path.id ?? '');
    const confirmable = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
    if (!confirmable.includes(String(intent.status)))
      throw unexpectedState(intent, 'confirm', confirmable);
    const pmId = str(call.params, 'payment_method');
    if (pmId) intent.payment_method = resolvePaymentMethod(ledger, pmId, 'payment_method').id;
    return confirmSetupIntent(intent, str(call.params, 'return_url'), call);
  });

  // ---- the test 3-D Secure page (Stripe shows a similar one in test mode) -------------------

  pages.on('GET', '/__peer/3ds/:id', ({ res, params }: PeerRequest) => {
    const intent = ledger.objects.get(params.id ?? '');
    if (!intent || intent.status !== 'requires_action') {
      return sendHtml(
        res,
        404,
        renderPage({
          title: 'Nothing to authenticate',
          banner: threeDsBanner,
          body: html`<h1>Nothing to authenticate</h1>
            <p>This payment does not need authentication (any more).</p>`,
        }),
      );
    }
    const amount =
      intent.object === 'payment_intent'
        ? formatMoney(Number(intent.amount), String(intent.currency))
        : 'future payments';
    sendHtml(
      res,
      200,
      renderPage({
        title: '3D Secure test authentication',
        banner: threeDsBanner,
        body: html`<h1>3D Secure test authentication</h1>
          <p>
            The bank asks you to confirm
            ${intent.object === 'payment_intent' ? html`a payment of <strong>${amount}</strong>` : html`that the card may be charged for ${amount}`}.
          </p>
          <form method="post" action="/__peer/3ds/${intent.id}">
            <div class="actions">
              <button type="submit" name="result" value="complete">Complete authentication</button>
              <button type="submit" name="result" value="fail" class="secondary">
                Fail authentication
              </button>
            </div>
          </form>`,
      }),
    );
  });
  pages.on('POST', '/__peer/3ds/:id', async ({ req, res, params }: PeerRequest) => {
    const form = await readForm(req);
    const intent = ledger.objects.get(params.id ?? '');
    if (!intent || intent.status !== 'requires_action') {
      return sendHtml(
        res,
        409,
        renderPage({
          title: 'Already handled',
          banner: threeDsBanner,
          body: html`<h1>Already handled</h1>
            <p>This authentication was completed or cancelled already.</p>`,
        }),
      );
    }
    const action = intent.next_action as { redirect_to_url?: { return_url: string } } | null;
    const returnUrl = action?.redirect_to_url?.return_url;
    const pm = ledger.find('payment_method', 'pm_', String(intent.payment_method));
    const passed = form.get('result') === 'complete';
    intent.next_action = null;
    const failure = {
      code:
        intent.object === 'payment_intent'
          ? 'payment_intent_authentication_failure'
          : 'setup_intent_authentication_failure',
      message: `The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this ${intent.object === 'payment_intent' ? 'PaymentIntent' : 'SetupIntent'} again.`,
      payment_method: structuredClone(pm),
      type: 'invalid_request_error',
    };
    if (intent.object === 'payment_intent') {
      if (passed) {
        try {
          settleCharge(intent, pm, cardFor(ledger.cards.get(pm.id)?.number ?? '').decline, null);
        } catch (error) {
          if (!(error instanceof StripeError)) throw error;
        }
      } else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = failure;
        ledger.emit('payment_intent.payment_failed', intent, null);
      }
    } else if (passed) {
      completeSetup(intent, pm, null);
    } else {
      intent.status = 'requires_payment_method';
      intent.last_setup_error = failure;
      ledger.emit('setup_intent.setup_failed', intent, null);
    }
    if (returnUrl) {
      const back = new URL(returnUrl);
      const kind = intent.object === 'payment_intent' ? 'payment_intent' : 'setup_intent';
      back.searchParams.set(kind, intent.id);
      back.searchParams.set(`${kind}_client_secret`, String(intent.client_secret));
      back.searchParams.set(
        'redirect_status',
        intent.status === 'succeeded' ? 'succeeded' : 'failed',
      );
      return redirect(res, back.href, 303);
    }
    sendHtml(
      res,
      200,
      renderPage({
        title: 'Authentication finished',
        banner: threeDsBanner,
        body: html`<h1>Authentication ${passed ? 'completed' : 'failed'}</h1>
          <p>You can close this window.</p>`,
      }),
    );
  });
  const threeDsBanner = 'Development payment processor — not Stripe; no real card is charged';
}
