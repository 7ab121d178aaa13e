-- Where each projection stands in each aggregate (game, account, ...): the last version it applied.
-- Written in the same transaction as the projection's rows, so redelivery and replay never double-count.
CREATE TABLE projection_positions (
    projection text NOT NULL,
    stream_id  text NOT NULL,
    version    int  NOT NULL,
    PRIMARY KEY (projection, stream_id)
);
