// The ad-click store a new user built (a base table, an index table written with it, an hourly
// counter table, a materialized view, two autoscaled clusters): the system-level design the
// capacity, routing and fix-planning tests read. `served` says whether "one click by id" declares
// that clicks_by_id serves it.
export function adClicksYaml(opts: { served?: boolean; indexTable?: boolean; clusters?: boolean } = {}): string {
  const served = opts.served ?? true;
  const index = opts.indexTable ?? true;
  const clusters = opts.clusters ?? true;
  return `format: bigtable-studio/v1
name: Ad clicks
${
  clusters
    ? `instance:
  id: ads-prod
  environment: production
  clusters:
    - {id: clicks-us-a, zone: us-central1-a, autoscaling: {minNodes: 10, maxNodes: 80, cpuTarget: 60}}
    - {id: clicks-us-b, zone: us-central1-b, autoscaling: {minNodes: 10, maxNodes: 80, cpuTarget: 60}}
  appProfiles:
    - {id: serving, routing: multi}
`
    : ''
}tables:
  - name: clicks
    deletionProtection: true
    rowKey:
      template: "{campaign_id}#{shard}#{ts}#{click_id}"
      fields:
        campaign_id: {type: string, alphabet: digits, length: 8, cardinality: 5000, distribution: zipf}
        shard: {type: hash, buckets: 16, of: [click_id]}
        ts: {type: timestamp, unit: ms, reversed: true}
        click_id: {type: uuid}
    families:
      - name: c
        gc: {maxAge: 30d}
        columns:
          - {qualifier: url, valueBytes: 120}
          - {qualifier: user_agent, valueBytes: 160}
    queries:
      - name: a campaign's recent clicks
        match: {campaign_id: eq}
        order: newest
        limit: 100
        perSecond: 200
      - name: one click by id
        match: {click_id: eq}
        perSecond: 2000${served && index ? '\n        servedBy: clicks_by_id' : ''}
    load: {writesPerSecond: 120000, averageWritesPerSecond: 40000, retention: 30d}
${
  index
    ? `  - name: clicks_by_id
    writtenWith: clicks
    deletionProtection: true
    rowKey:
      template: "{click_id}"
      fields:
        click_id: {type: uuid}
    families:
      - name: c
        gc: {maxAge: 30d}
        columns:
          - {qualifier: campaign, valueBytes: 8}
          - {qualifier: url, valueBytes: 120}
`
    : ''
}  - name: clicks_hourly
    deletionProtection: true
    rowKey:
      template: "{campaign_id}#{hour}"
      fields:
        campaign_id: {type: string, alphabet: digits, length: 8, cardinality: 5000}
        hour: {type: timestamp, bucket: hour, reversed: true}
    families:
      - name: n
        aggregate: sum
        gc: {maxAge: 400d}
        columns:
          - {qualifier: clicks, counter: true}
    queries:
      - name: a campaign's last day
        match: {campaign_id: eq}
        order: newest
        limit: 24
        perSecond: 50
    load: {writesPerSecond: 120000, averageWritesPerSecond: 40000, retention: 400d}
materializedViews:
  - name: clicks_per_campaign
    table: clicks
    groupBy:
      fields: [campaign_id]
      aggregations: [{fn: count, as: clicks}]
`;
}
