#!/usr/bin/env ruby
# SPDX-License-Identifier: MIT
# Batch adapter (conformance/README.md, "The batch protocol") for Ruby's
# webrobots (Debian: ruby-webrobots), Mechanize's parser. One WebRobots
# object per query, named for the agent, whose http_get hands it the body
# as the robots.txt of the query URL's site (nothing is fetched);
# Crawl-delay is ignored rather than slept. A path is made absolute on
# http://example.com. One behaviour for every profile. Protocol 2: a usage
# query is answered `unsupported`.
require 'webrobots'

$stdout.sync = true
$stdin.each_line do |line|
  answer =
    begin
      f = line.chomp.split("\t", -1)
      if f[0] == 'usage'
        # Protocol 2's usage query: webrobots has no Content-Usage.
        'unsupported: webrobots has no Content-Usage'
      else
        raise "a query has 5 fields, this one #{f.size}" unless f.size == 5
        body, agent, url = f[2, 3].map { |x| x.unpack1('m0') }
        agent.force_encoding('UTF-8')
        url = 'http://example.com' + url if url.start_with?('/')
        robots = WebRobots.new(agent, http_get: ->(_uri) { body }, crawl_delay: :ignore)
        robots.allowed?(url) ? 'allowed' : 'disallowed'
      end
    rescue StandardError, ScriptError => e
      "error: #{e.class}: #{e.message.gsub(/\s+/, ' ')}"
    end
  puts answer[0, 1000]
end
