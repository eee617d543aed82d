package io.github.timesortedid.autoconfigure;

import java.util.ArrayList;
import java.util.List;

import io.github.timesortedid.config.PropertyChecks;
import io.github.timesortedid.config.TimeSortedIdProperties;
import io.github.timesortedid.id.InvalidSettingException;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationPropertiesBindHandlerAdvisor;
import org.springframework.boot.context.properties.bind.AbstractBindHandler;
import org.springframework.boot.context.properties.bind.BindContext;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName.Form;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;

/**
 * Checks {@code time-sorted-id.*} as Spring Boot binds it, with the rules plain Hibernate's reader
 * applies ({@link PropertyChecks}): a key under {@code time-sorted-id} that is no setting, such as
 * {@code time-sorted-id.algoritm} or {@code time-sorted-id.partitions.Post.retension}, stops startup
 * (Spring Boot would ignore it), and a value of the wrong form is reported as an
 * {@link InvalidSettingException}. Both name the property as it was written: Spring Boot's own
 * messages print names in lower case, so {@code PurchaseOrder} would read {@code purchaseorder}.
 * The entries of one entity that an environment variable names in lower case become one
 * ({@link PropertyChecks#mergeEntityKeys}).
 */
final class SettingsBindHandlerAdvisor implements ConfigurationPropertiesBindHandlerAdvisor {

	private static final ConfigurationPropertyName ROOT = ConfigurationPropertyName.of(TimeSortedIdProperties.PREFIX);

	@Override
	public BindHandler apply(BindHandler bindHandler) {
		return new Checks(bindHandler);
	}

	/** The property name as the configuration wrote it, e.g. {@code time-sorted-id.partitions.PurchaseOrder.interval}. */
	static String written(ConfigurationPropertyName name) {
		List<String> elements = new ArrayList<>();
		for (int i = 0; i < name.getNumberOfElements(); i++) {
			elements.add(name.getElement(i, Form.ORIGINAL));
		}
		return String.join(".", elements);
	}

	private static final class Checks extends AbstractBindHandler {

		Checks(BindHandler parent) {
			super(parent);
		}

		@Override
		public void onFinish(ConfigurationPropertyName name, Bindable<?> target, BindContext context,
				@Nullable Object result) throws Exception {
			if (name.equals(ROOT)) {
				for (ConfigurationPropertySource source : context.getSources()) {
					if (source instanceof IterableConfigurationPropertySource iterable) {
						for (ConfigurationPropertyName key : iterable.filter(ROOT::isAncestorOf)) {
							ConfigurationProperty property = iterable.getConfigurationProperty(key);
							List<String> elements = new ArrayList<>();
							for (int i = ROOT.getNumberOfElements(); i < key.getNumberOfElements(); i++) {
								elements.add(key.getElement(i, Form.ORIGINAL));
							}
							PropertyChecks.checkSetting(written(key), elements, (property != null) ? property.getValue() : null);
						}
					}
				}
				if (result instanceof TimeSortedIdProperties properties) {
					PropertyChecks.mergeEntityKeys(properties);
				}
			}
			super.onFinish(name, target, context, result);
		}

		@Override
		public @Nullable Object onFailure(ConfigurationPropertyName name, Bindable<?> target, BindContext context,
				Exception error) throws Exception {
			if (error instanceof InvalidSettingException) {
				throw error;
			}
			if (error instanceof BindException) {
				// a child's failure on its way up, already reported as it deserves
				return super.onFailure(name, target, context, error);
			}
			ConfigurationProperty property = context.getConfigurationProperty();
			Class<?> type = target.getType().resolve();
			if (ROOT.isAncestorOf(name) && property != null && type != null) {
				InvalidSettingException wrong = PropertyChecks.wrongForm(written(name), property.getValue(), type);
				if (wrong != null) {
					wrong.initCause(error);
					throw wrong;
				}
			}
			return super.onFailure(name, target, context, error);
		}

	}

}
