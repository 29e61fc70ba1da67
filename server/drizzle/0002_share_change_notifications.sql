-- Every instance caches what it read of a share (its page, its answers, its media's status) and
-- drops it when told here: a share whose status, expiry, content or sharer's name and avatar
-- change is announced on the nimbus_share_changed channel with its id, whatever wrote the change.
CREATE FUNCTION "nimbus_notify_share_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'shares' THEN
    PERFORM pg_notify('nimbus_share_changed', COALESCE(NEW.id, OLD.id)::text);
    IF TG_OP = 'UPDATE' AND NEW.id <> OLD.id THEN
      PERFORM pg_notify('nimbus_share_changed', OLD.id::text);
    END IF;
  ELSIF TG_TABLE_NAME = 'share_items' THEN
    PERFORM pg_notify('nimbus_share_changed', COALESCE(NEW.share_id, OLD.share_id)::text);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('nimbus_share_changed', id::text) FROM "shares" WHERE user_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "shares_changed" AFTER INSERT OR UPDATE OR DELETE ON "shares"
  FOR EACH ROW EXECUTE FUNCTION "nimbus_notify_share_changed"();
--> statement-breakpoint
-- A statement that touches thousands of items of one share notifies once per row; PostgreSQL
-- folds identical notifications of one transaction into one.
CREATE TRIGGER "share_items_changed" AFTER INSERT OR UPDATE OR DELETE ON "share_items"
  FOR EACH ROW EXECUTE FUNCTION "nimbus_notify_share_changed"();
--> statement-breakpoint
CREATE TRIGGER "sharer_changed" AFTER UPDATE OF "nick_name", "avatar" ON "users"
  FOR EACH ROW WHEN (OLD.nick_name IS DISTINCT FROM NEW.nick_name OR OLD.avatar IS DISTINCT FROM NEW.avatar)
  EXECUTE FUNCTION "nimbus_notify_share_changed"();
