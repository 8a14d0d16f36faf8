-- The credit wallet as a ledger (issue 17): a wallet's balance is the sum of its append-only
-- movements. The wallet row carries no balance; it is what a movement locks (SELECT ... FOR
-- UPDATE), so that movements of one wallet take turns across connections and app instances.
CREATE TABLE wallets (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE wallet_transactions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES wallets (user_id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (
    kind IN (
      'creditPurchase', 'slotPurchase', 'slotKeepAlive', 'extraLevel', 'premadeSpace', 'refund',
      'adminGrant'
    )
  ),
  amount integer NOT NULL CHECK (amount <> 0),
  balance_after integer NOT NULL CHECK (balance_after >= 0),
  idempotency_key text NOT NULL,
  description text NOT NULL DEFAULT '',
  reference text,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- a retried request finds the movement its first try made instead of making another
  CONSTRAINT wallet_transactions_idempotency UNIQUE (user_id, idempotency_key)
);
CREATE INDEX wallet_transactions_history_idx ON wallet_transactions (user_id, created_at DESC, id);

-- append-only: a movement is never changed (a mistake is put right by another movement)
CREATE FUNCTION wallet_transactions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet transactions are append-only';
END;
$$;
CREATE TRIGGER wallet_transactions_no_update BEFORE UPDATE ON wallet_transactions
  FOR EACH ROW EXECUTE FUNCTION wallet_transactions_append_only();
