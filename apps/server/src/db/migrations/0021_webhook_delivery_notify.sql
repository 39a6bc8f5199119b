-- Custom SQL migration file, put your code below! --
-- A webhook delivery written by a commit (the events' consumer, a test event, a replay) starts the
-- delivery job right after the commit, on whichever console process hears it (as in 0009).
CREATE TRIGGER webhook_deliveries_notify AFTER INSERT ON "webhook_deliveries" FOR EACH STATEMENT EXECUTE FUNCTION notify_console_commit('webhook-delivery');
