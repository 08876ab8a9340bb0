module PuppetX
  module Helped
    # Adds the parameters x and y.
    module Params
      def create_parameters
        [:x, :y].each { |p| newparam(p) }
      end
    end
  end
end
